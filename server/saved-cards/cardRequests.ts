/**
 * Card requests: staff send a patient a link (a text and/or an e-mail) where the patient stores a card
 * on file themselves; the patient's side has no sign-in, the link's token is the key. A link stores
 * one card while it is fresh (domain/saved-cards/cardRequestLink.ts: the practice's card-request days,
 * settings/linkExpiry.ts), and the staff's stored-cards
 * lists of the patient show the card at once (CardRequestCompleted).
 */
import type { NotifyInput } from '../../embed-sdk/contract/channels.js';
import type { CardRequestCompleted } from '../../embed-sdk/contract/realtime.js';
import type { AppContext } from '../context.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { cardRequestMessages } from '../domain/outbox/patientMessages.js';
import {
  CARD_REQUEST_REFUSALS,
  cardRequestExpiry,
  cardRequestFreshSince,
  cardRequestLinkStatus,
} from '../domain/saved-cards/cardRequestLink.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { cardRequestLink } from '../outbox/links.js';
import { newLinkFor } from '../outbox/recipients.js';
import { sendToOutbox } from '../outbox/store.js';
import { findCustomer } from '../patients/store.js';
import { findPractice } from '../practices/store.js';
import { cardEntry, redeemCardEntry } from './cardEntries.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import {
  cardRequestByLinkToken,
  claimCardRequest,
  createCardRequest,
  findCard,
  findCardRequest,
  setCardRequestCard,
  storeCard,
  type CardRequestRecord,
} from './store.js';
import { toSavedCard } from './view.js';

/** Send a notification: texts and/or e-mails the patient a link to store a card. */
export async function sendCardRequest(
  ctx: AppContext,
  practice: PracticeId,
  sender: { userId: number | null },
  body: NotifyInput & { customerId: number },
) {
  const {
    customer,
    to,
    addressee,
    sender: from,
    templates,
    linkToken,
  } = await newLinkFor(ctx, practice, body);
  const now = ctx.clock.now();
  const messages = cardRequestMessages(addressee, from, cardRequestLink(ctx.publicUrl, linkToken), templates);
  const id = await ctx.db.transaction(async (tx) => {
    const created = await createCardRequest(tx, practice, {
      customerId: customer.id,
      linkToken,
      eMail: to.eMail,
      toPhone: to.toPhone,
      createdByUserId: sender.userId,
      created: now,
    });
    await sendToOutbox(tx, practice, messages, now);
    return created;
  });
  return { id, sentBy: messages.map((m) => (m.channel === 'SMS' ? ('TEXT' as const) : ('EMAIL' as const))) };
}

function refusalOf(
  request: { created: Date; completed: Date | null },
  now: Date,
  days: number,
): string | null {
  const status = cardRequestLinkStatus(request, now, days);
  return status === 'OPEN' ? null : CARD_REQUEST_REFUSALS[status];
}

/** The request a link opens, with its practice and patient; 404 for a token nobody holds. */
async function cardRequestByToken(ctx: AppContext, token: string) {
  const request = await cardRequestByLinkToken(ctx.db, token);
  if (!request) throw new NotFoundError('The card request');
  const practice = practiceOfRecord(request);
  const [company, customer, card, linkDays] = await Promise.all([
    findPractice(ctx.db, practice),
    findCustomer(ctx.db, practice, request.customerId),
    request.savedCardId === null ? null : findCard(ctx.db, practice, request.savedCardId),
    linkDaysOf(ctx.db, practice, 'CARD_REQUEST'),
  ]);
  if (!company || !customer) throw new NotFoundError('The card request');
  return { request, practice, company, customer, card, linkDays };
}

/** What the card page shows: the practice, the patient's first name, and whether the link still stores a card. */
export async function cardRequestPage(ctx: AppContext, token: string) {
  const found = await cardRequestByToken(ctx, token);
  const status = cardRequestLinkStatus(found.request, ctx.clock.now(), found.linkDays);
  const stored = status === 'USED' && found.card ? toSavedCard(found.card) : null;
  return {
    practiceName: found.company.name,
    firstName: found.customer.firstName,
    status,
    expires: cardRequestExpiry(found.request.created, found.linkDays).toISOString(),
    card: stored && {
      cardType: stored.cardType,
      description: stored.description,
      expMonth: stored.expMonth,
      expYear: stored.expYear,
    },
    cardEntry: {
      businessId: found.company.businessId,
      appId: found.company.appId,
      scriptUrl: ctx.cardProviderScriptUrl,
    },
  };
}

/** The patient stores the card behind a nonce through the link: once, while it is fresh. */
export async function storeCardThroughLink(ctx: AppContext, token: string, nonce: string) {
  const { request, practice, company, linkDays } = await cardRequestByToken(ctx, token);
  const refusal = refusalOf(request, ctx.clock.now(), linkDays);
  if (refusal) throw new BusinessError(refusal);
  const card = await cardEntry(ctx, practice, {
    nonce,
    use: `card-request:${request.id}`,
    businessId: company.businessId,
  });
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    // The link stores one card, while it is fresh: of two submissions at once, the second finds it
    // used; one that began before the expiry and ends after it stores nothing.
    const claimed = await claimCardRequest(tx, practice, request.id, {
      at: now,
      freshSince: cardRequestFreshSince(now, linkDays),
    });
    if (!claimed) {
      const current: CardRequestRecord | null = await findCardRequest(tx, practice, request.id);
      throw new BusinessError(refusalOf(current!, now, linkDays) ?? CARD_REQUEST_REFUSALS.USED);
    }
    await redeemCardEntry(tx, card, now);
    const stored = await storeCard(tx, practice, {
      customerId: request.customerId,
      card,
      isDefault: true,
      at: now,
    });
    await setCardRequestCard(tx, practice, request.id, stored.id);
    return stored;
  });
  // The staff's stored-cards lists of this patient show the card at once.
  const event: CardRequestCompleted = {
    cardRequestId: request.id,
    customerId: request.customerId,
    savedCardId: row.id,
    completed: now.toISOString(),
  };
  ctx.realtime.publish(request.companyId, 'CardRequestCompleted', [event]);
  const { cardType, description, expMonth, expYear } = toSavedCard(row);
  return { cardType, description, expMonth, expYear };
}
