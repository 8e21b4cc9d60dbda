/**
 * The public payment page (`/p/{token}`): a patient opens the link from a payment request's text or
 * e-mail and pays without signing in. The link's token is the only key: the request's id, which staff
 * see, opens nothing here.
 *
 * The surcharge is disclosed before payment. The page shows the rate a credit card carries (`surcharge`
 * in the page's answer); once the patient has entered a card, the frame yields a nonce and `quote`
 * asks the card provider what card it is (credit, debit or prepaid) and answers the exact surcharge
 * and total: a surcharge only for a credit card.
 * `pay` then charges that card exactly the total the patient saw: it takes the total the page showed
 * and refuses, charging nothing, when it differs.
 *
 * A link works for the practice's payment-link days after it was sent (patientLinks.ts). Then, or once
 * staff sent a newer link, the page answers EXPIRED with the practice only, and the calls that pay
 * refuse; a paid request still shows its receipt, as the patient should learn that it went through.
 */
import { z } from 'zod';
import { CardType, Cents, PositiveCents } from './common.js';
import { get, post } from './endpoint.js';
import { ExpiredLinkPage } from './patientLinks.js';
import { CardEntry, Funding, LinkToken, Nonce } from './savedCard.js';

export const PaymentPageStatus = z.enum(['OPEN', 'PAID', 'CANCELLED']);
export type PaymentPageStatus = z.infer<typeof PaymentPageStatus>;

export const PaymentPage = z.object({
  practiceName: z.string(),
  /** The practice's phone, ten digits, for questions; '' when unknown. */
  practicePhone: z.string(),
  /** The patient's first name only. */
  firstName: z.string(),
  /** The amount requested, before any surcharge. */
  amount: Cents,
  /** The practice's note; '' for none. */
  message: z.string(),
  /** PAID and CANCELLED links take no payment. */
  status: PaymentPageStatus,
  /** When it was paid, and what was charged. */
  receipt: z
    .object({ paid: z.string(), orderAmount: Cents, surchargeAmount: Cents, total: Cents })
    .nullable(),
  /**
   * The rate a credit card carries, in basis points (0 when the practice does not surcharge or its
   * state forbids it); debit and prepaid cards carry none. The page discloses the rate only: the
   * surcharge's amount and the total show once the card is known to be credit (`quote`).
   */
  surcharge: z.object({ rateBps: z.number().int() }),
  cardEntry: CardEntry,
});
export type PaymentPage = z.infer<typeof PaymentPage>;

const TokenBody = z.object({ token: LinkToken }).strict();

/** What a payment link opens: the page, or (expired, replaced) the practice to ask for a new link. */
export const PaymentLinkAnswer = z.union([PaymentPage, ExpiredLinkPage]);
export type PaymentLinkAnswer = z.infer<typeof PaymentLinkAnswer>;

export const paymentPage = get('/api/public/paymentRequest', {
  summary:
    'What the payment page shows for a link: the practice, the patient’s first name, the amount, the status; an expired link shows the practice only.',
  query: z.object({ token: LinkToken }),
  value: PaymentLinkAnswer,
});

export const recordViewed = post('/api/public/paymentRequest/viewed', {
  summary: 'Records that the patient opened the page; only the first opening sets the time.',
  body: TokenBody,
  value: z.object({ paymentPage: z.string() }),
});

export const CardQuote = z.object({
  cardType: CardType,
  /** The masked number. */
  description: z.string(),
  funding: Funding,
  amount: Cents,
  surchargeAmount: Cents,
  /** What `pay` will charge this card. */
  total: Cents,
  /** The rate applied: 0 for a debit card or a practice that does not surcharge. */
  surchargeRateBps: z.number().int(),
});
export type CardQuote = z.infer<typeof CardQuote>;

export const quote = post('/api/public/paymentRequest/quote', {
  writes: 'nothing',
  summary: 'The surcharge and total for the card behind a nonce, before paying with it.',
  body: TokenBody.extend({ nonce: Nonce }).strict(),
  value: CardQuote,
});

export const pay = post('/api/public/paymentRequest/pay', {
  summary:
    'Charges the card behind the nonce the quoted total and records a text-to-pay transaction; approved marks the request paid.',
  body: TokenBody.extend({
    nonce: Nonce,
    /** The total the page showed the patient (from quote). A different total is refused, uncharged. */
    total: PositiveCents,
  }).strict(),
  value: CardQuote.extend({
    isApproved: z.boolean(),
    /** Why it was declined. */
    reason: z.string().nullable(),
    referenceId: z.string(),
    /** The transaction ID people see: the reference id's first segment. */
    transactionId: z.string(),
    /** When the request was paid (approved only). */
    paid: z.string().nullable(),
  }),
  idempotent: true,
});
