/**
 * What the texts and e-mails to patients say: a payment request, its reminder, a card request. Each
 * carries the patient's link. Texts stay short (one line and the link); e-mails have a subject and
 * say who to call. The practice's own note, when there is one, is quoted as written.
 */
import { formatCurrency, formatDate, formatPhone } from '../../../embed-sdk/format/index.js';

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

/** Send New Link: the request's link again, with a new token; the earlier links no longer work. */
export function paymentNewLinkMessages(
  to: Addressee,
  practice: Practice,
  request: { amount: number; message: string; link: string },
): PatientMessage[] {
  const amount = formatCurrency(request.amount);
  return compose(to, practice, request.link, {
    text: `Hi ${to.firstName}, here is a new link for your payment request of ${amount}. Pay securely here:`,
    subject: `New link: payment request from ${practice.name}`,
    paragraphs: [
      `${practice.name} has sent you a new link for your payment request of ${amount}. Earlier links for this request no longer work.`,
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

/**
 * The receipt e-mailed when staff associate a payment with its patient ('Send Receipt'): what was
 * paid, when, how, and its transaction ID. No link: there is nothing left to do.
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
): PatientMessage {
  const call = practice.phone
    ? `Questions? Call ${practice.name} at ${formatPhone(practice.phone)}.`
    : `Questions? Contact ${practice.name}.`;
  const lines = [
    `Hi ${to.firstName},`,
    `Thank you for your payment of ${formatCurrency(payment.amount)} to ${practice.name} on ${payment.paidOn}.`,
    [
      `Paid with: ${payment.method}`,
      ...(payment.surchargeAmount > 0
        ? [`Includes a card surcharge of ${formatCurrency(payment.surchargeAmount)}`]
        : []),
      `Transaction ID: ${payment.transactionId}`,
    ].join('\n'),
    call,
  ];
  return {
    channel: 'EMAIL',
    recipient: to.eMail,
    subject: `Your payment receipt from ${practice.name}`,
    body: lines.join('\n\n'),
    link: null,
  };
}

/**
 * A New Membership sent by link: the patient sees the plans and prices, adds a card and signs. Sent
 * again as a reminder (the same link), or with a new link (Send New Link: the earlier one no longer works).
 */
export function membershipEnrollmentMessages(
  to: Addressee,
  practice: Practice,
  enrollment: { link: string; reminder: boolean; newLink?: boolean },
): PatientMessage[] {
  const newLink = enrollment.newLink === true;
  return compose(to, practice, enrollment.link, {
    text: newLink
      ? `Hi ${to.firstName}, here is a new link to complete your membership enrollment:`
      : enrollment.reminder
        ? `Reminder: your membership enrollment is waiting for you. Complete it here:`
        : `Hi ${to.firstName}, complete your membership enrollment here:`,
    subject: newLink
      ? `New link: complete your membership with ${practice.name}`
      : enrollment.reminder
        ? `Reminder: complete your membership with ${practice.name}`
        : `Complete your membership with ${practice.name}`,
    paragraphs: [
      `${practice.name} has prepared your membership. Review the plans and prices, add a card and sign to complete your enrollment.`,
      ...(newLink ? ['This is a new link: earlier links for this enrollment no longer work.'] : []),
      'Your card number goes straight to our card processor: we never see it.',
    ],
    linkLabel: 'Complete your enrollment',
  });
}

/** A membership's declined payment (Send Reminder in the membership's past-due alert): an e-mail with a link to store a new card. */
export function membershipDeclineReminderMessage(
  to: { eMail: string; firstName: string },
  practice: Practice,
  membership: { pastDue: number; link: string },
): PatientMessage[] {
  const amount = formatCurrency(membership.pastDue);
  return compose({ toPhone: '', ...to }, practice, membership.link, {
    text: '',
    subject: `A payment on your membership with ${practice.name} was declined`,
    paragraphs: [
      `A payment of ${amount} on your membership with ${practice.name} was declined and is now past due.`,
      'Please add a card we can charge for it. Your card number goes straight to our card processor: we never see it.',
    ],
    linkLabel: 'Add your card securely',
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
  const call = practice.phone
    ? `Questions? Call ${practice.name} at ${formatPhone(practice.phone)}.`
    : `Questions? Contact ${practice.name}.`;
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
      call,
    ].join('\n\n'),
    link: null,
  };
}
