/**
 * What Settings › Patient messages previews: a kind's templates rendered with a demo patient (Maria,
 * the practice's own name, $125.50 where the kind has an amount, and a link as long as a real one),
 * and the number of SMS segments the text is sent as.
 */
import { ENROLLMENT_PAGE_ROUTE } from '../../../embed-sdk/contract/membership.js';
import {
  MESSAGE_KIND_RULES,
  renderTemplate,
  smsSegments,
  type MessageKind,
  type MessageTemplate,
  type PlaceholderValues,
  type SmsSegments,
} from '../../../embed-sdk/rules/messageTemplates.js';

/** A link's token is 32 characters (server/outbox/links.ts): the demo link is as long, so the segments are right. */
const DEMO_TOKEN = 'Xq7Lm2Vb9Rt4Kc8Nw3Hs6Jd1Fg5Pz0Ay';

const LINK_PAGE: Record<MessageKind, string> = {
  PAYMENT_REQUEST: 'p',
  PAYMENT_REMINDER: 'p',
  CARD_REQUEST: 'card',
  RECEIPT: 'p',
  MEMBERSHIP_NOTICE: ENROLLMENT_PAGE_ROUTE,
};

export function demoValues(kind: MessageKind, practiceName: string, origin: string): PlaceholderValues {
  const rules = MESSAGE_KIND_RULES[kind];
  return {
    firstName: 'Maria',
    practiceName,
    amount: rules.hasAmount ? '$125.50' : '',
    link: rules.carriesLink ? `${origin}/#/${LINK_PAGE[kind]}/${DEMO_TOKEN}` : '',
  };
}

export interface MessagePreview {
  text: { body: string; segments: SmsSegments } | null;
  email: { subject: string; body: string };
}

export function previewOf(template: MessageTemplate, values: PlaceholderValues): MessagePreview {
  const text = template.text === null ? null : renderTemplate(template.text, values);
  return {
    text: text === null ? null : { body: text, segments: smsSegments(text) },
    email: {
      subject: renderTemplate(template.emailSubject, values),
      body: renderTemplate(template.emailBody, values),
    },
  };
}

/** What the preview says of a text's segments: that it fits in one, or the count and why. */
export function segmentsNote({ encoding, segments }: SmsSegments): string {
  if (segments <= 1) return 'Fits in one SMS.';
  return encoding === 'GSM-7'
    ? `Sent as ${segments} SMS segments (153 characters each).`
    : `Sent as ${segments} SMS segments (67 characters each: a character outside the GSM alphabet, such as an emoji or a curly quote, makes the text Unicode).`;
}
