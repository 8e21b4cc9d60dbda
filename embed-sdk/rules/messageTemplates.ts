/**
 * A practice's own wording of the messages its patients receive (Settings › Patient messages): the
 * kinds, their placeholders, the product's default templates, the rules a template must meet to be
 * saved, rendering, and how many SMS segments a text takes. One module for the server (which refuses
 * a bad template and sends with a good one) and the portal (which previews as you type), so that
 * what the preview shows and what the patient receives cannot disagree.
 */
import { SegmentedMessage } from 'sms-segments-calculator';

export const MESSAGE_KINDS = [
  'PAYMENT_REQUEST',
  'PAYMENT_REMINDER',
  'CARD_REQUEST',
  'RECEIPT',
  'MEMBERSHIP_NOTICE',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const PLACEHOLDERS = ['firstName', 'practiceName', 'amount', 'link'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export interface MessageKindRules {
  /** As Settings names it. */
  label: string;
  /** In a sentence: "a payment request sends the patient a link". */
  noun: string;
  /** Sent by text as well as by e-mail; a kind only e-mailed has no text template. */
  texted: boolean;
  /** The message carries the patient's link: its templates must say where ({link}). */
  carriesLink: boolean;
  /** The message has an amount to say ({amount}). */
  hasAmount: boolean;
}

export const MESSAGE_KIND_RULES: Record<MessageKind, MessageKindRules> = {
  PAYMENT_REQUEST: {
    label: 'Payment request',
    noun: 'a payment request',
    texted: true,
    carriesLink: true,
    hasAmount: true,
  },
  PAYMENT_REMINDER: {
    label: 'Payment reminder',
    noun: 'a payment reminder',
    texted: true,
    carriesLink: true,
    hasAmount: true,
  },
  CARD_REQUEST: {
    label: 'Card request',
    noun: 'a card request',
    texted: true,
    carriesLink: true,
    hasAmount: false,
  },
  RECEIPT: { label: 'Receipt', noun: 'a receipt', texted: false, carriesLink: false, hasAmount: true },
  MEMBERSHIP_NOTICE: {
    label: 'Membership enrollment',
    noun: 'a membership enrollment',
    texted: true,
    carriesLink: true,
    hasAmount: false,
  },
};

/** A kind's wording: the text (null for a kind only e-mailed) and the e-mail. */
export interface MessageTemplate {
  text: string | null;
  emailSubject: string;
  emailBody: string;
}

export type TemplateField = keyof MessageTemplate;

/** Paragraphs of an e-mail body are separated by a blank line. */
export const PARAGRAPH_BREAK = '\n\n';

const paragraphs = (...p: string[]) => p.join(PARAGRAPH_BREAK);

/**
 * The product's wording, which a practice without its own template sends (patientMessages.ts adds
 * the parts that are not the practice's to word: the practice's note, how to reach the practice, a
 * receipt's details). Restore Default goes back to these.
 */
export const DEFAULT_TEMPLATES: Record<MessageKind, MessageTemplate> = {
  PAYMENT_REQUEST: {
    text: '{practiceName}: Hi {firstName}, you have a payment request for {amount}. Pay securely here: {link}',
    emailSubject: 'Payment request from {practiceName}',
    emailBody: paragraphs(
      'Hi {firstName},',
      '{practiceName} has sent you a payment request for {amount}.',
      'Pay securely online: {link}',
    ),
  },
  PAYMENT_REMINDER: {
    text: '{practiceName}: Reminder: your payment request for {amount} is still open. Pay securely here: {link}',
    emailSubject: 'Reminder: payment request from {practiceName}',
    emailBody: paragraphs(
      'Hi {firstName},',
      'This is a reminder that your payment request for {amount} from {practiceName} is still open.',
      'Pay securely online: {link}',
    ),
  },
  CARD_REQUEST: {
    text: '{practiceName}: Hi {firstName}, please add a card to keep on file with us. Add it securely here: {link}',
    emailSubject: '{practiceName} asks you to keep a card on file',
    emailBody: paragraphs(
      'Hi {firstName},',
      '{practiceName} asks you to add a card to keep on file for your payments.',
      'Your card number goes straight to our card processor: we never see it.',
      'Add your card securely: {link}',
    ),
  },
  RECEIPT: {
    text: null,
    emailSubject: 'Your payment receipt from {practiceName}',
    emailBody: paragraphs('Hi {firstName},', 'Thank you for your payment of {amount} to {practiceName}.'),
  },
  MEMBERSHIP_NOTICE: {
    text: '{practiceName}: Hi {firstName}, complete your membership enrollment here: {link}',
    emailSubject: 'Complete your membership with {practiceName}',
    emailBody: paragraphs(
      'Hi {firstName},',
      '{practiceName} has prepared your membership. Review the plans and prices, add a card and sign to complete your enrollment.',
      'Your card number goes straight to our card processor: we never see it.',
      'Complete your enrollment: {link}',
    ),
  },
};

/** How long each field may be: a text of four SMS segments, a subject of one line, a letter. */
export const TEMPLATE_MAX_LENGTH: Record<TemplateField, number> = {
  text: 612,
  emailSubject: 150,
  emailBody: 4000,
};

const FIELD_NAMES: Record<TemplateField, string> = {
  text: 'The text',
  emailSubject: "The e-mail's subject",
  emailBody: "The e-mail's body",
};

/** `{name}` anywhere in a template; what lies between the braces is the name, as written. */
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders a template names, in order, as written (known or not). */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

const isPlaceholder = (name: string): name is Placeholder =>
  (PLACEHOLDERS as readonly string[]).includes(name);

/** The placeholders a kind has a value for. */
function placeholdersOf(kind: MessageKind): Placeholder[] {
  const rules = MESSAGE_KIND_RULES[kind];
  return PLACEHOLDERS.filter(
    (p) => (p !== 'amount' || rules.hasAmount) && (p !== 'link' || rules.carriesLink),
  );
}

export interface TemplateProblem {
  field: TemplateField;
  message: string;
}

/** What is wrong with one field of a kind's template, in the words Settings shows; null when nothing. */
export function templateFieldProblem(kind: MessageKind, field: TemplateField, value: string): string | null {
  const rules = MESSAGE_KIND_RULES[kind];
  const name = FIELD_NAMES[field];
  const inSentence = name.charAt(0).toLowerCase() + name.slice(1);
  if (value.trim() === '') return `${name} cannot be empty.`;
  if (value.length > TEMPLATE_MAX_LENGTH[field])
    return `${name} must be at most ${TEMPLATE_MAX_LENGTH[field]} characters.`;
  if (field === 'emailSubject' && /[\r\n]/.test(value)) return `${name} must be one line.`;
  const named = placeholdersIn(value);
  const unknown = named.find((p) => !isPlaceholder(p));
  if (unknown !== undefined) return `${name} has an unknown placeholder: {${unknown}}.`;
  const available = placeholdersOf(kind);
  const unavailable = named.find((p) => !available.includes(p as Placeholder));
  if (unavailable !== undefined) {
    const noun = rules.noun.charAt(0).toUpperCase() + rules.noun.slice(1);
    return `${noun} has no ${unavailable}: remove {${unavailable}} from ${inSentence}.`;
  }
  if (field === 'emailSubject' && named.includes('link'))
    return `${name} cannot carry {link}: put it in the body.`;
  if (rules.carriesLink && field !== 'emailSubject' && !named.includes('link'))
    return `${name} must include {link}: ${rules.noun} sends the patient a link.`;
  return null;
}

/**
 * The first problem of a kind's template, field by field (text, subject, body); null when it may be
 * saved. A kind only e-mailed has no text; a kind texted must have one.
 */
export function templateProblem(kind: MessageKind, template: MessageTemplate): TemplateProblem | null {
  const texted = MESSAGE_KIND_RULES[kind].texted;
  if (!texted && template.text !== null)
    return { field: 'text', message: `${MESSAGE_KIND_RULES[kind].label} is only e-mailed: it has no text.` };
  const fields: TemplateField[] = texted
    ? ['text', 'emailSubject', 'emailBody']
    : ['emailSubject', 'emailBody'];
  for (const field of fields) {
    const message = templateFieldProblem(kind, field, template[field] ?? '');
    if (message) return { field, message };
  }
  return null;
}

export type PlaceholderValues = Record<Placeholder, string>;

/**
 * The template with each placeholder replaced by its value, in one pass: a value that holds braces
 * (a practice named "{link} Dental") is written as it is, never read as a placeholder. An unknown
 * placeholder (only a default's could be, never a saved template's) is left as written.
 */
export function renderTemplate(template: string, values: PlaceholderValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}

export interface SmsSegments {
  /** GSM-7 when every character is in the GSM 03.38 alphabet (its extension counting twice); else UCS-2. */
  encoding: 'GSM-7' | 'UCS-2';
  /** How many SMS the text is sent as: GSM-7 fits 160 characters in one, 153 in each of several; UCS-2 70 and 67. */
  segments: number;
}

/**
 * How a text is sent, by Twilio's segment calculator (sms-segments-calculator), which knows the GSM
 * alphabet and its extension table, and counts a character outside the basic plane as two UCS-2 units.
 */
export function smsSegments(text: string): SmsSegments {
  const message = new SegmentedMessage(text, 'auto');
  return {
    encoding: message.encodingName === 'GSM-7' ? 'GSM-7' : 'UCS-2',
    segments: message.segmentsCount,
  };
}
