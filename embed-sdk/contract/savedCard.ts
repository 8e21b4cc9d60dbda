/**
 * Cards on file (the stored cards widget) and the card request a patient answers on their own.
 *
 * A card reaches Chairside only as a nonce from the card provider's frame, which runs on the
 * provider's origin: no request here carries a card number. The bodies that take a nonce are strict,
 * so a payload with any other field (a card number included) is refused with a 400 before anything
 * is done with it.
 */
import { z } from 'zod';
import { NotifyFields, checkChannels } from './channels.js';
import { CardType, Id, RecordId } from './common.js';
import { get, post } from './endpoint.js';
import { PATIENT_EDIT_ROLES } from './patient.js';

/** Storing, removing and requesting cards changes the patient's record: the same editing roles. */
export const CARD_EDIT_ROLES = PATIENT_EDIT_ROLES;

/** How the card is funded, as the card provider reports it; only CREDIT is ever surcharged. */
export const Funding = z.enum(['CREDIT', 'DEBIT', 'PREPAID']);
export type Funding = z.infer<typeof Funding>;

/** The spec's saved card. Mask, brand and expiry are the card provider's answer. */
export const SavedCard = z.object({
  id: z.number().int(),
  cardType: CardType,
  /** The masked number ("•••• 1111"). */
  description: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** Credit cards carry the practice's surcharge; debit cards never do. */
  funding: Funding,
});
export type SavedCard = z.infer<typeof SavedCard>;

/**
 * A nonce from the card provider's frame. Refused when it looks like a card number (13 to 19 digits,
 * spaced or not), so a client that mixes the two up never sends a number on to the provider.
 */
export const Nonce = z
  .string()
  .trim()
  .min(1, 'The nonce is required.')
  .max(100)
  .refine((v) => !/^\d[\d -]{11,22}\d$/.test(v), 'Send the nonce from the card form, never a card number.');

export const customerSavedCards = get('/api/customerSavedCard/customerSavedCards', {
  summary: "A customer's active cards on file, the default first, then the newest.",
  query: z.object({ customerId: Id }),
  value: z.array(SavedCard),
});

export const tokenize = post('/api/customerSavedCard/tokenize', {
  summary:
    "Stores a card from the frame's nonce. A default card (the default) makes the others non-default; a customer's first card is always the default.",
  body: z
    .object({
      nonce: Nonce,
      customerId: RecordId,
      isDefault: z.boolean().default(true),
    })
    .strict(),
  value: SavedCard,
});

export const inactivate = post('/api/customerSavedCard/InActivate', {
  summary:
    'Removes a card, unless it pays an active payment plan or membership: then nothing changes and hasMembershipPaymentPlans is true.',
  body: z.object({ Id: RecordId, customerId: RecordId }),
  value: z.object({
    /** The card pays an active plan or membership: it was NOT removed (the UI shows 'Associated Card'). */
    hasMembershipPaymentPlans: z.boolean(),
    /** Whether the card is now removed (also true when it was removed before). */
    deleted: z.boolean(),
    /** The customer's cards afterwards (a removed default passes to the newest remaining card). */
    cards: z.array(SavedCard),
  }),
});

export const makeDefault = post('/api/customerSavedCard/makeDefault', {
  summary: "Makes a card the customer's default; answers the cards in their new order.",
  body: z.object({ customerId: RecordId, Id: RecordId }),
  value: z.array(SavedCard),
});

export const sendCardRequest = post('/api/customer/sendCardRequest', {
  summary:
    'Texts and/or e-mails the patient a link to a page where they store a card themselves (one card per link).',
  body: NotifyFields.extend({ customerId: RecordId }).superRefine(checkChannels),
  value: z.object({
    id: z.number().int(),
    /** The channels used. */
    sentBy: z.array(z.enum(['TEXT', 'EMAIL'])),
  }),
});

// ── The patient's side: the card request link (no sign-in; the link's token is the key) ────────

/** The secret of a patient's link (a card request's or a payment request's). */
export const LinkToken = z.string().trim().min(16, 'The link is incomplete.').max(100);

export const CardEntry = z.object({
  /** Mount the provider's frame with these: TokenizeJs(businessId, appId). */
  businessId: z.string(),
  appId: z.string(),
  /** The provider's script. */
  scriptUrl: z.string(),
});
export type CardEntry = z.infer<typeof CardEntry>;

export const CardRequestPage = z.object({
  practiceName: z.string(),
  firstName: z.string(),
  /**
   * OPEN until a card is stored through the link; then USED, and the page takes no other card. A link
   * not used in time is EXPIRED and takes none either.
   */
  status: z.enum(['OPEN', 'USED', 'EXPIRED']),
  /** When the link stops taking a card (ISO 8601). */
  expires: z.string(),
  /** The card stored through the link, once USED. */
  card: z
    .object({
      cardType: CardType,
      description: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    })
    .nullable(),
  cardEntry: CardEntry,
});
export type CardRequestPage = z.infer<typeof CardRequestPage>;

export const publicCardRequest = get('/api/public/cardRequest', {
  summary:
    'What the card request page shows: the practice, the patient’s first name, and whether the link was used or has expired.',
  query: z.object({ token: LinkToken }),
  value: CardRequestPage,
});

export const publicStoreCard = post('/api/public/cardRequest/store', {
  summary:
    "Stores the patient's card from the frame's nonce as their default card; the link is used up. A used or expired link stores nothing.",
  body: z.object({ token: LinkToken, nonce: Nonce }).strict(),
  value: SavedCard.pick({ cardType: true, description: true, expMonth: true, expYear: true }),
});
