/**
 * Secrets never appear in the server's log, on its standard output or in its table. Three nets:
 *
 * - `LOG_REDACT`: pino's own redaction of the places a secret is known to sit (headers, a body's
 *   password or card number), before a line is written anywhere;
 * - `scrubLogLine`: every line pino writes (start.ts's `hooks.streamWrite`), parsed and scrubbed
 *   whole: a field named like a secret, at any depth, is replaced, and a secret found by its shape
 *   inside any text (an error's message, a URL, a stack) is cut out of it;
 * - the table's sink (sink.ts) scrubs each line again as it stores it, whichever logger wrote it.
 *
 * Idempotency keys stay: a key replays a request only for the practice and route that sent it, with
 * a token of that practice, and an operator needs it to find a stuck request's record.
 */

/** What replaces a secret. */
export const REDACTED = '[Redacted]';

/** Field names whose value is a secret, wherever they sit in a line (case-insensitive, any part of the name). */
const SECRET_FIELD =
  /authorization|cookie|passw|secret|token|api[-_]?key|card[-_]?number|security[-_]?code|^cvv$|^cvc$|^pan$|nonce|tunnel[-_]?key/i;

/** pino's `redact` (fast-redact paths): the known places, at the depths our lines put them. */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-api-key"]',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'authorization',
    'cookie',
    'password',
    'token',
    'accessToken',
    'refreshToken',
    'secret',
    'clientSecret',
    'cardNumber',
    'nonce',
    '*.password',
    '*.token',
    '*.accessToken',
    '*.refreshToken',
    '*.secret',
    '*.clientSecret',
    '*.cardNumber',
    '*.nonce',
  ],
  censor: REDACTED,
};

/** Luhn's check: a run of digits that passes it is taken for a card number. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Secrets by their shape, in any text: each with what takes its place. */
const SECRET_SHAPES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // A connector's tunnel key (practice-system/tunnelKeys.ts).
  [/cstk_[A-Za-z0-9_-]+/g, `cstk_${REDACTED}`],
  // The card vault's tokens (card-provider/vault.ts).
  [/\btok_[A-Za-z0-9_-]{8,}/g, `tok_${REDACTED}`],
  // A JSON Web Token (an access or id token), whole or in a header.
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, (_m, scheme) => `${scheme} ${REDACTED}`],
  // A secret in a query string or a form body: a public link's token, an OAuth code, a password.
  [
    /([?&;])((?:access_|id_|refresh_)?token|code|password|client_secret|secret|nonce|key)=[^&\s"#]+/gi,
    (_m, sep, name) => `${sep}${name}=${REDACTED}`,
  ],
  [
    /\b(password|passwd|client_secret|secret|(?:access_|id_|refresh_)?token)=[^&\s"#]+/gi,
    (_m, name) => `${name}=${REDACTED}`,
  ],
  // A patient's link in a hash route (`/#/p/{token}`, `/#/card/{token}`): the token opens the page.
  [/(#\/[\w-]+\/)[A-Za-z0-9_-]{20,}/g, (_m, route) => `${route}${REDACTED}`],
  // The same link at a path the server sees (`/p/{token}`, `/card/{token}`, `/enroll/{token}`).
  [/(\/(?:p|card|enroll)\/)[A-Za-z0-9_-]{20,}/gi, (_m, route) => `${route}${REDACTED}`],
  // 13 to 19 digits, spaced or dashed as people type them, that pass Luhn's check.
  [
    /\b\d(?:[ -]?\d){12,18}\b/g,
    (match) => (passesLuhn(match.replace(/[ -]/g, '')) ? `[Redacted card number]` : match),
  ],
];

/** A text with every secret found by its shape cut out. */
export function scrubText(text: string): string {
  let out = text;
  for (const [shape, replacement] of SECRET_SHAPES) {
    out = out.replace(shape, replacement as (substring: string, ...args: string[]) => string);
  }
  return out;
}

/** The longest text a field keeps: a log line is not a place for a document. */
const MAX_TEXT = 8_000;

/** A value with every secret field replaced and every text scrubbed, at any depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    const text = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (cut)` : value;
    return scrubText(text);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > 12) return '[Too deep]';
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_FIELD.test(key) && v !== null && v !== undefined ? REDACTED : scrubValue(v, depth + 1);
  }
  return out;
}

/**
 * One line as pino wrote it (JSON and a newline), scrubbed. A line that is not JSON (it never should
 * be) has its texts scrubbed all the same.
 */
export function scrubLogLine(line: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return scrubText(line);
  }
  return `${JSON.stringify(scrubValue(parsed))}\n`;
}
