/**
 * What the texts and e-mails to patients say: a payment request, its reminder, a card request. Each
 * carries the patient's link. Texts stay short (one line and the link); e-mails have a subject and
 * say who to call. The practice's own note, when there is one, is quoted as written.
 */
import { formatCurrency, formatPhone } from '../../../embed-sdk/format/index.js';

export interface PatientMessage {
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  /** E-mails only; '' for a text. */
  subject: string;
  body: string;
  link: string;
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

interface Wording {
  text: string;
  subject: string;
  /** The e-mail's paragraphs before the link. */
  paragraphs: string[];
  linkLabel: string;
}

function compose(to: Addressee, practice: Practice, link: string, w: Wording): PatientMessage[] {
  const messages: PatientMessage[] = [];
  if (to.toPhone !== '') {
    messages.push({
      channel: 'SMS',
      recipient: to.toPhone,
      subject: '',
      body: `${practice.name}: ${w.text} ${link}`,
      link,
    });
  }
  if (to.eMail !== '') {
    const call = practice.phone
      ? `Questions? Call ${practice.name} at ${formatPhone(practice.phone)}.`
      : `Questions? Contact ${practice.name}.`;
    messages.push({
      channel: 'EMAIL',
      recipient: to.eMail,
      subject: w.subject,
      body: [`Hi ${to.firstName},`, ...w.paragraphs, `${w.linkLabel}: ${link}`, call].join('\n\n'),
      link,
    });
  }
  return messages;
}

const quoted = (note: string) => (note === '' ? [] : [`"${note}"`]);

export function paymentRequestMessages(
  to: Addressee,
  practice: Practice,
  request: { amount: number; message: string; link: string },
): PatientMessage[] {
  const amount = formatCurrency(request.amount);
  const note = request.message === '' ? '' : ` ${request.message}`;
  return compose(to, practice, request.link, {
    text: `Hi ${to.firstName}, you have a payment request for ${amount}.${note} Pay securely here:`,
    subject: `Payment request from ${practice.name}`,
    paragraphs: [
      `${practice.name} has sent you a payment request for ${amount}.`,
      ...quoted(request.message),
    ],
    linkLabel: 'Pay securely online',
  });
}

export function paymentReminderMessages(
  to: Addressee,
  practice: Practice,
  request: { amount: number; message: string; link: string },
): PatientMessage[] {
  const amount = formatCurrency(request.amount);
  return compose(to, practice, request.link, {
    text: `Reminder: your payment request for ${amount} is still open. Pay securely here:`,
    subject: `Reminder: payment request from ${practice.name}`,
    paragraphs: [
      `This is a reminder that your payment request for ${amount} from ${practice.name} is still open.`,
      ...quoted(request.message),
    ],
    linkLabel: 'Pay securely online',
  });
}

export function cardRequestMessages(to: Addressee, practice: Practice, link: string): PatientMessage[] {
  return compose(to, practice, link, {
    text: `Hi ${to.firstName}, please add a card to keep on file with us. Add it securely here:`,
    subject: `${practice.name} asks you to keep a card on file`,
    paragraphs: [
      `${practice.name} asks you to add a card to keep on file for your payments.`,
      'Your card number goes straight to our card processor: we never see it.',
    ],
    linkLabel: 'Add your card securely',
  });
}

/** A payment plan's declined payment (Send Reminder in the plan's past-due alert): a link to store a new card. */
export function planDeclineReminderMessages(
  to: Addressee,
  practice: Practice,
  plan: { pastDue: number; link: string },
): PatientMessage[] {
  const amount = formatCurrency(plan.pastDue);
  return compose(to, practice, plan.link, {
    text: `Hi ${to.firstName}, a payment of ${amount} on your payment plan was declined. Update your card here:`,
    subject: `A payment on your payment plan with ${practice.name} was declined`,
    paragraphs: [
      `A payment of ${amount} on your payment plan with ${practice.name} was declined and is now past due.`,
      'Please add a card we can charge for it. Your card number goes straight to our card processor: we never see it.',
    ],
    linkLabel: 'Add your card securely',
  });
}
