/**
 * What the texts and e-mails to patients say: a payment request, its reminder and its new link, a
 * card request, a receipt, a membership enrolment, and the product's own notices (declined payments,
 * membership changes). Each kind a practice may word itself (Settings › Patient messages,
 * embed-sdk/rules/messageTemplates.ts) is sent in the practice's template for it, or in the product's
 * default, by one mechanism: the template rendered with the patient's values. The parts that are not
 * the practice's to word are added around it, as they always were: the practice's own note on a
 * request (quoted as written), how to reach the practice at the end of an e-mail, and a receipt's
 * details.
 */
import { formatCurrency, formatDate, formatPhone } from '../../../embed-sdk/format/index.js';
import {
  DEFAULT_TEMPLATES,
  PARAGRAPH_BREAK,
  renderTemplate,
  type MessageKind,
  type MessageTemplate,
  type PlaceholderValues,
} from '../../../embed-sdk/rules/messageTemplates.js';

export interface PatientMessage {
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  /** E-mails only; '' for a text. */
  subject: string;
  body: string;
  /** The patient's link; null for a message that carries none (a receipt). */
  link: string | null;
}

export interface Addressee {
  /** '' when not texted. */
  toPhone: string;
  /** '' when not e-mailed. */
  eMail: string;
  firstName: string;
}

export interface Practice {
  name: string;
  /** Ten digits, or '' when unknown. */
  phone: string;
}

/** The templates the practice saved, by kind; a kind without one is sent in the product's default. */
export type PracticeTemplates = Partial<Record<MessageKind, MessageTemplate>>;

/** A practice that words nothing itself. */
export const NO_PRACTICE_TEMPLATES: PracticeTemplates = {};

/** The last paragraph of every e-mail: who to ask. */
function howToReach(practice: Practice): string {
  return practice.phone
    ? `Questions? Call ${practice.name} at ${formatPhone(practice.phone)}.`
    : `Questions? Contact ${practice.name}.`;
}

/** Where a sentence ends in a template: its stop and the spaces after it. */
const SENTENCE_END = /[.!?]\s+/g;

/**
 * The text with the practice's note before the sentence that carries the link (as the product's text
 * always had it: "…for $50.00. For your crown. Pay securely here: …"); after the whole text when the
 * link's sentence is the first. Each side is rendered on its own, so the note is never read as a template.
 */
function textWithNote(template: string, values: PlaceholderValues, note: string): string {
  if (note === '') return renderTemplate(template, values);
  const linkAt = template.indexOf('{link}');
  let at = -1;
  for (const m of template.matchAll(SENTENCE_END)) {
    if (m.index + m[0].length <= linkAt) at = m.index + m[0].length;
  }
  if (at < 0) return `${renderTemplate(template, values)} ${note}`;
  return `${renderTemplate(template.slice(0, at), values)}${note} ${renderTemplate(template.slice(at), values)}`;
}

/**
 * The e-mail body's paragraphs, rendered, with the note quoted as a paragraph of its own before the
 * one that carries the link (after the last when the link's paragraph is the first).
 */
function emailParagraphs(template: string, values: PlaceholderValues, note: string): string[] {
  const rendered = template.split(PARAGRAPH_BREAK).map((p) => ({ p, text: renderTemplate(p, values) }));
  if (note === '') return rendered.map((r) => r.text);
  const quoted = `"${note}"`;
  const linkAt = rendered.findIndex((r) => r.p.includes('{link}'));
  if (linkAt <= 0) return [...rendered.map((r) => r.text), quoted];
  return [
    ...rendered.slice(0, linkAt).map((r) => r.text),
    quoted,
    ...rendered.slice(linkAt).map((r) => r.text),
  ];
}

interface Composition {
  /** The kind whose practice template, when saved, words the message. Null: the product's own notice. */
  kind: MessageKind | null;
  /** The product's wording of this message; by default, the kind's default template. */
  wording?: MessageTemplate;
  amount?: number;
  link: string;
  /** The practice's note on a request, as written: quoted in the e-mail; in the text too when `noteInText`. */
  note?: string;
  noteInText?: boolean;
}

function compose(
  to: Addressee,
  practice: Practice,
  templates: PracticeTemplates,
  c: Composition,
): PatientMessage[] {
  const template =
    (c.kind !== null ? templates[c.kind] : undefined) ?? c.wording ?? DEFAULT_TEMPLATES[c.kind!];
  const values: PlaceholderValues = {
    firstName: to.firstName,
    practiceName: practice.name,
    amount: c.amount === undefined ? '' : formatCurrency(c.amount),
    link: c.link,
  };
  const note = c.note ?? '';
  const messages: PatientMessage[] = [];
  if (to.toPhone !== '' && template.text !== null) {
    messages.push({
      channel: 'SMS',
      recipient: to.toPhone,
      subject: '',
      body: textWithNote(template.text, values, c.noteInText ? note : ''),
      link: c.link,
    });
  }
  if (to.eMail !== '') {
    messages.push({
      channel: 'EMAIL',
      recipient: to.eMail,
      subject: renderTemplate(template.emailSubject, values),
      body: [...emailParagraphs(template.emailBody, values, note), howToReach(practice)].join(
        PARAGRAPH_BREAK,
      ),
      link: c.link,
    });
  }
  return messages;
}

export function paymentRequestMessages(
  to: Addressee,
  practice: Practice,
  request: { amount: number; message: string; link: string },
  templates: PracticeTemplates,
): PatientMessage[] {
  return compose(to, practice, templates, {
    kind: 'PAYMENT_REQUEST',
    amount: request.amount,
    link: request.link,
    note: request.message,
    noteInText: true,
  });
}

export function paymentReminderMessages(
  to: Addressee,
  practice: Practice,
  request: { amount: number; message: string; link: string },
  templates: PracticeTemplates,
): PatientMessage[] {
  return compose(to, practice, templates, {
    kind: 'PAYMENT_REMINDER',
    amount: request.amount,
    link: request.link,
    note: request.message,
  });
}

/** The product's wording of Send New Link, which a practice's own payment request template replaces. */
const PAYMENT_NEW_LINK: MessageTemplate = {
  text: '{practiceName}: Hi {firstName}, here is a new link for your payment request of {amount}. Pay securely here: {link}',
  emailSubject: 'New link: payment request from {practiceName}',
  emailBody: [
    'Hi {firstName},',
    '{practiceName} has sent you a new link for your payment request of {amount}. Earlier links for this request no longer work.',
    'Pay securely online: {link}',
  ].join(PARAGRAPH_BREAK),
};

/**
 * Send New Link: the request's link again, with a new token; the earlier links no longer work. A
 * practice that worded its payment request has the request sent again in its words.
 */
export function paymentNewLinkMessages(
  to: Addressee,
  practice: Practice,
  request: { amount: number; message: string; link: string },
  templates: PracticeTemplates,
): PatientMessage[] {
  return compose(to, practice, templates, {
    kind: 'PAYMENT_REQUEST',
    wording: PAYMENT_NEW_LINK,
    amount: request.amount,
    link: request.link,
    note: request.message,
  });
}

export function cardRequestMessages(
  to: Addressee,
  practice: Practice,
  link: string,
  templates: PracticeTemplates,
): PatientMessage[] {
  return compose(to, practice, templates, { kind: 'CARD_REQUEST', link });
}

/** A payment plan's declined payment (Send Reminder in the plan's past-due alert): a link to store a new card. */
export function planDeclineReminderMessages(
  to: Addressee,
  practice: Practice,
  plan: { pastDue: number; link: string },
): PatientMessage[] {
  return compose(to, practice, NO_PRACTICE_TEMPLATES, {
    kind: null,
    wording: {
      text: '{practiceName}: Hi {firstName}, a payment of {amount} on your payment plan was declined. Update your card here: {link}',
      emailSubject: 'A payment on your payment plan with {practiceName} was declined',
      emailBody: [
        'Hi {firstName},',
        'A payment of {amount} on your payment plan with {practiceName} was declined and is now past due.',
        'Please add a card we can charge for it. Your card number goes straight to our card processor: we never see it.',
        'Add your card securely: {link}',
      ].join(PARAGRAPH_BREAK),
    },
    amount: plan.pastDue,
    link: plan.link,
  });
}

/**
 * The receipt e-mailed when staff associate a payment with its patient ('Send Receipt'): what was
 * paid, when, how, and its transaction ID. No link: there is nothing left to do. The product's
 * wording says the date in its thanks, which no placeholder carries; a practice's own receipt is
 * followed by the date in the details.
 */
export function paymentReceiptMessage(
  to: { eMail: string; firstName: string },
  practice: Practice,
  payment: {
    amount: number;
    surchargeAmount: number;
    paidOn: string;
    method: string;
    transactionId: string;
  },
  templates: PracticeTemplates,
): PatientMessage {
  const own = templates.RECEIPT;
  const template = own ?? {
    ...DEFAULT_TEMPLATES.RECEIPT,
    emailBody: DEFAULT_TEMPLATES.RECEIPT.emailBody.replace(
      'to {practiceName}.',
      `to {practiceName} on ${payment.paidOn}.`,
    ),
  };
  const values: PlaceholderValues = {
    firstName: to.firstName,
    practiceName: practice.name,
    amount: formatCurrency(payment.amount),
    link: '',
  };
  const details = [
    ...(own ? [`Paid on: ${payment.paidOn}`] : []),
    `Paid with: ${payment.method}`,
    ...(payment.surchargeAmount > 0
      ? [`Includes a card surcharge of ${formatCurrency(payment.surchargeAmount)}`]
      : []),
    `Transaction ID: ${payment.transactionId}`,
  ].join('\n');
  return {
    channel: 'EMAIL',
    recipient: to.eMail,
    subject: renderTemplate(template.emailSubject, values),
    body: [renderTemplate(template.emailBody, values), details, howToReach(practice)].join(PARAGRAPH_BREAK),
    link: null,
  };
}

const ENROLLMENT_BODY = DEFAULT_TEMPLATES.MEMBERSHIP_NOTICE.emailBody;

/** The product's wording of an enrolment's reminder and new link, which a practice's own enrolment template replaces. */
const ENROLLMENT_REMINDER: MessageTemplate = {
  text: '{practiceName}: Reminder: your membership enrollment is waiting for you. Complete it here: {link}',
  emailSubject: 'Reminder: complete your membership with {practiceName}',
  emailBody: ENROLLMENT_BODY,
};
const ENROLLMENT_NEW_LINK: MessageTemplate = {
  text: '{practiceName}: Hi {firstName}, here is a new link to complete your membership enrollment: {link}',
  emailSubject: 'New link: complete your membership with {practiceName}',
  emailBody: ENROLLMENT_BODY.replace(
    'complete your enrollment.',
    'complete your enrollment.' +
      PARAGRAPH_BREAK +
      'This is a new link: earlier links for this enrollment no longer work.',
  ),
};

/**
 * A New Membership sent by link: the patient sees the plans and prices, adds a card and signs. Sent
 * again as a reminder (the same link), or with a new link (Send New Link: the earlier one no longer
 * works). A practice that worded its enrolment message has each sent in its words.
 */
export function membershipEnrollmentMessages(
  to: Addressee,
  practice: Practice,
  enrollment: { link: string; reminder: boolean; newLink?: boolean },
  templates: PracticeTemplates,
): PatientMessage[] {
  return compose(to, practice, templates, {
    kind: 'MEMBERSHIP_NOTICE',
    ...(enrollment.newLink === true
      ? { wording: ENROLLMENT_NEW_LINK }
      : enrollment.reminder
        ? { wording: ENROLLMENT_REMINDER }
        : {}),
    link: enrollment.link,
  });
}

/** A membership's declined payment (Send Reminder in the membership's past-due alert): an e-mail with a link to store a new card. */
export function membershipDeclineReminderMessage(
  to: { eMail: string; firstName: string },
  practice: Practice,
  membership: { pastDue: number; link: string },
): PatientMessage[] {
  return compose({ toPhone: '', ...to }, practice, NO_PRACTICE_TEMPLATES, {
    kind: null,
    wording: {
      text: null,
      emailSubject: 'A payment on your membership with {practiceName} was declined',
      emailBody: [
        'Hi {firstName},',
        'A payment of {amount} on your membership with {practiceName} was declined and is now past due.',
        'Please add a card we can charge for it. Your card number goes straight to our card processor: we never see it.',
        'Add your card securely: {link}',
      ].join(PARAGRAPH_BREAK),
    },
    amount: membership.pastDue,
    link: membership.link,
  });
}

/** 'Notify patient via email of membership changes.': what the membership now costs and when it bills. */
export function membershipChangesMessage(
  to: { eMail: string; firstName: string },
  practice: Practice,
  membership: {
    lines: string[];
    amount: number;
    cycle: 'MONTHLY' | 'YEARLY';
    nextBillingDate: string | null;
    renewal: string;
  },
): PatientMessage {
  const per = membership.cycle === 'MONTHLY' ? 'a month' : 'a year';
  return {
    channel: 'EMAIL',
    recipient: to.eMail,
    subject: `Your membership with ${practice.name} has changed`,
    body: [
      `Hi ${to.firstName},`,
      `${practice.name} has updated your membership.`,
      membership.lines.join('\n'),
      [
        `Amount: ${formatCurrency(membership.amount)} ${per}`,
        ...(membership.nextBillingDate ? [`Next payment: ${formatDate(membership.nextBillingDate)}`] : []),
        `Renewal: ${membership.renewal}`,
      ].join('\n'),
      howToReach(practice),
    ].join(PARAGRAPH_BREAK),
    link: null,
  };
}
