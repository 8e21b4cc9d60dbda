// @ts-check
// The card-entry frame's script. It runs on the provider's origin, so the page that mounts the frame
// can never read these fields. It talks only to the parent origin it was opened for, and sends the
// card only to its own origin's nonce endpoint; the parent gets a nonce, never card data.
import { BRAND_NAMES, cvcLength, detectBrand, formatCardNumber, maxCardNumberLength } from './brand.js';
import { validateCardFields } from './card-fields.js';
import { formatExpiryInput, parseExpiry } from './expiry.js';

/**
 * @typedef {import('./card-fields.js').CardField} CardField
 * @typedef {import('./card-fields.js').FieldError} FieldError
 * @typedef {{
 *   parentOrigin: string,
 *   businessId: string,
 *   applicationId: string,
 *   zip: 'required' | 'optional' | 'hidden',
 *   today: { year: number, month: number },
 *   messages: Record<CardField, Partial<Record<string, string>>>,
 *   unavailable: string,
 * }} FrameConfig
 */

const NAMESPACE = 'chairside-test-provider';

/** @type {FrameConfig} */
const config = JSON.parse(document.getElementById('frame-config')?.textContent ?? '{}');

/** @param {string} id */
function input(id) {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement)) throw new Error(`The frame has no #${id} field.`);
  return element;
}

/** @type {Record<CardField, HTMLInputElement | null>} */
const fields = {
  cardNumber: input('card-number'),
  expiry: input('card-expiry'),
  cvc: input('card-cvc'),
  zip: config.zip === 'hidden' ? null : input('card-zip'),
};
const form = /** @type {HTMLFormElement} */ (document.getElementById('card-form'));
const errorLine = /** @type {HTMLElement} */ (document.getElementById('card-error'));
const brandBadge = /** @type {HTMLElement} */ (document.getElementById('card-brand'));

// The CSP's frame-ancestors already refuses other embedders; Chromium also tells the frame who its
// parent is, so a mismatch (a stale URL copied elsewhere) keeps the frame silent.
const ancestors = /** @type {DOMStringList | undefined} */ (location.ancestorOrigins);
const parentIsExpected =
  window.parent !== window && (!ancestors || ancestors.length === 0 || ancestors[0] === config.parentOrigin);

/**
 * @param {string} type
 * @param {Record<string, unknown>} [data]
 */
function post(type, data = {}) {
  if (parentIsExpected) window.parent.postMessage({ source: NAMESPACE, type, data }, config.parentOrigin);
}

const digitsOf = (/** @type {string} */ text) => text.replace(/\D/g, '');

/**
 * Rewrites a field's value while keeping the caret after the same number of digits, so typing or
 * deleting in the middle of a formatted number does not throw the caret to the end.
 * @param {HTMLInputElement} field
 * @param {(value: string) => string} format
 */
function reformat(field, format) {
  const caret = field.selectionStart ?? field.value.length;
  const digitsBeforeCaret = digitsOf(field.value.slice(0, caret)).length;
  const next = format(field.value);
  if (next === field.value) return;
  field.value = next;
  let position = 0;
  for (let seen = 0; position < next.length && seen < digitsBeforeCaret; position += 1) {
    if (/\d/.test(next[position] ?? '')) seen += 1;
  }
  if (document.activeElement === field) field.setSelectionRange(position, position);
}

function currentBrand() {
  return detectBrand(digitsOf(fields.cardNumber?.value ?? ''));
}

fields.cardNumber?.addEventListener('input', () => {
  const field = /** @type {HTMLInputElement} */ (fields.cardNumber);
  reformat(field, (value) => {
    const digits = digitsOf(value);
    return formatCardNumber(digits.slice(0, maxCardNumberLength(detectBrand(digits))));
  });
  const brand = currentBrand();
  brandBadge.textContent = brand ? BRAND_NAMES[brand] : '';
  if (fields.cvc) fields.cvc.maxLength = brand ? cvcLength(brand) : 4;
});
fields.expiry?.addEventListener('input', (event) => {
  const field = /** @type {HTMLInputElement} */ (fields.expiry);
  // Deleting the slash itself would otherwise put it straight back.
  if (/** @type {InputEvent} */ (event).inputType?.startsWith('delete')) return;
  reformat(field, formatExpiryInput);
});
for (const name of /** @type {const} */ (['cvc', 'zip'])) {
  const field = fields[name];
  field?.addEventListener('input', () =>
    reformat(field, (value) => digitsOf(value).slice(0, field.maxLength)),
  );
}

/** @returns {import('./card-fields.js').CardFields} */
function readFields(zipFromHost = '') {
  const expiryText = fields.expiry?.value.trim() ?? '';
  const expiry = expiryText === '' ? null : parseExpiry(expiryText);
  return {
    cardNumber: digitsOf(fields.cardNumber?.value ?? ''),
    expMonth: expiryText === '' ? null : (expiry?.month ?? Number.NaN),
    expYear: expiryText === '' ? null : (expiry?.year ?? Number.NaN),
    cvc: fields.cvc?.value.trim() ?? '',
    zip: fields.zip ? fields.zip.value.trim() : zipFromHost,
  };
}

/** @param {FieldError} error */
function messageFor(error) {
  const template =
    config.messages[error.field]?.[error.problem] ?? config.messages[error.field]?.invalid ?? '';
  return template.replace('{n}', String(cvcLength(currentBrand())));
}

/**
 * Marks the fields in error (all others clear) and shows the first message.
 * @param {FieldError[]} errors
 */
function showErrors(errors) {
  for (const [name, field] of Object.entries(fields)) {
    if (!field) continue;
    const error = errors.find((e) => e.field === name);
    field.setAttribute('aria-invalid', error ? 'true' : 'false');
    const description = document.getElementById(`${field.id}-error`);
    if (description) description.textContent = error ? messageFor(error) : '';
  }
  errorLine.textContent = errors[0] ? messageFor(errors[0]) : '';
}

function validate(zipFromHost = '') {
  return validateCardFields(readFields(zipFromHost), {
    today: config.today,
    zip: config.zip === 'required' ? 'required' : 'optional',
  });
}

// A field is judged when the person leaves it, not while they are still typing; a field already
// marked wrong is re-judged as it changes, so the mark goes away as soon as it is right.
for (const field of Object.values(fields)) {
  field?.addEventListener('blur', () => {
    if (field.value.trim() === '' && field.getAttribute('aria-invalid') !== 'true') return;
    const shown = validate().filter(
      (e) => fields[e.field] === field || fields[e.field]?.getAttribute('aria-invalid') === 'true',
    );
    showErrors(shown);
  });
  field?.addEventListener('input', () => {
    if (field.getAttribute('aria-invalid') !== 'true') return;
    const stillWrong = validate().filter((e) => fields[e.field]?.getAttribute('aria-invalid') === 'true');
    showErrors(stillWrong);
  });
}

// The host's own button submits; Enter in a field must not reload the frame.
form.addEventListener('submit', (event) => event.preventDefault());

let submitting = false;

/** @param {unknown} payload what the host passed to getNonce (only a ZIP code is used, when the frame has none) */
async function submit(payload) {
  if (submitting) return;
  const zipFromHost =
    payload &&
    typeof payload === 'object' &&
    typeof (/** @type {{zip?: unknown}} */ (payload).zip) === 'string'
      ? String(/** @type {{zip: string}} */ (payload).zip).trim()
      : '';
  const fieldsNow = readFields(zipFromHost);
  const errors = validate(zipFromHost);
  if (errors.length > 0) return reject(errors);
  submitting = true;
  try {
    const response = await fetch('/v1/nonces', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
      body: JSON.stringify({
        businessId: config.businessId,
        applicationId: config.applicationId,
        cardNumber: fieldsNow.cardNumber,
        expMonth: fieldsNow.expMonth,
        expYear: fieldsNow.expYear,
        cvc: fieldsNow.cvc,
        zip: fieldsNow.zip,
      }),
    });
    const body = await response.json().catch(() => null);
    if (response.ok && typeof body?.nonce === 'string') {
      showErrors([]);
      post('nonce', { nonce: body.nonce });
    } else if (Array.isArray(body?.fields) && body.fields.length > 0) {
      reject(body.fields);
    } else {
      errorLine.textContent = config.unavailable;
      post('error', { error: config.unavailable });
    }
  } catch {
    errorLine.textContent = config.unavailable;
    post('error', { error: config.unavailable });
  } finally {
    submitting = false;
  }
}

/** @param {FieldError[]} errors */
function reject(errors) {
  showErrors(errors);
  const first = errors.map((e) => fields[e.field]).find(Boolean);
  first?.focus();
  post('error', {
    error: messageFor(/** @type {FieldError} */ (errors[0])),
    fields: errors.map((e) => ({ field: e.field, problem: e.problem, message: messageFor(e) })),
  });
}

window.addEventListener('message', (event) => {
  if (!parentIsExpected || event.origin !== config.parentOrigin || event.source !== window.parent) return;
  const message = event.data;
  if (!message || typeof message !== 'object' || message.source !== NAMESPACE) return;
  if (message.type === 'getNonce') void submit(message.data?.payload);
});

let reportedHeight = 0;
new ResizeObserver(() => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== reportedHeight) {
    reportedHeight = height;
    post('height', { height });
  }
}).observe(document.documentElement);

post('ready');
