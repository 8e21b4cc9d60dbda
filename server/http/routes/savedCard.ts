/**
 * Cards on file: list, store from a nonce, remove, make default; the card request a patient answers
 * through a link. Card data never passes here: the provider's frame turns it into a nonce on the
 * provider's origin, and `ctx.cards` exchanges the nonce for the provider's token. Provider calls are
 * made outside any database transaction (PGlite is one connection, shared with the test provider).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/savedCard.js';
import type { AppContext } from '../../context.js';
import { sendToOutbox } from '../../outbox/store.js';
import {
  activeCards,
  findCard,
  removeCard,
  setDefaultCard,
  storeCard,
  toSavedCard,
} from '../../db/savedCards.js';
import {
  cardRequests,
  companies,
  customerMembershipBillings,
  customers,
  paymentPlans,
  savedCards,
} from '../../db/schema/index.js';
import type { CardRequestCompleted } from '../../../embed-sdk/contract/realtime.js';
import {
  CARD_REQUEST_REFUSALS,
  cardRequestExpiry,
  cardRequestFreshSince,
  cardRequestLinkStatus,
} from '../../domain/saved-cards/cardRequestLink.js';
import { cardRequestMessages } from '../../domain/outbox/patientMessages.js';
import { asBusinessError } from '../../cardProviderFailure.js';
import { newLinkFor } from '../../outbox/recipients.js';
import { BusinessError, NotFoundError } from '../../errors.js';
import { cardRequestLink } from '../../outbox/links.js';
import { answerPrivately } from '../privateAnswer.js';
import { customerRecord, practiceRecord } from '../practiceRecords.js';
import { defineRoute, practiceOf } from '../route.js';

const editing = { access: { anyRole: [...contract.CARD_EDIT_ROLES] } };

/** The customer's card with this id, active or not; 404 for another customer's or practice's. */
async function cardOf(ctx: AppContext, companyId: number, customerId: number, cardId: number) {
  const card = await findCard(ctx.db, companyId, cardId);
  if (!card || card.customerId !== customerId) throw new NotFoundError('The card');
  return card;
}

async function tokenizeNonce(ctx: AppContext, businessId: string, nonce: string) {
  try {
    return await ctx.cards.tokenize({ businessId, nonce });
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
}

export const savedCardRoutes = [
  defineRoute(contract.customerSavedCards, { access: 'member' }, async ({ ctx, caller, query }) => {
    const companyId = practiceOf(caller);
    await customerRecord(ctx, companyId, query.customerId);
    return activeCards(ctx.db, companyId, query.customerId);
  }),

  defineRoute(contract.tokenize, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await customerRecord(ctx, companyId, body.customerId);
    const company = await practiceRecord(ctx, companyId);
    const card = await tokenizeNonce(ctx, company.businessId, body.nonce);
    const row = await ctx.db.transaction((tx) =>
      storeCard(tx, {
        companyId,
        customerId: body.customerId,
        card,
        isDefault: body.isDefault,
        at: ctx.clock.now(),
      }),
    );
    return toSavedCard(row);
  }),

  defineRoute(contract.inactivate, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const card = await cardOf(ctx, companyId, body.customerId, body.Id);
    const associated = await ctx.db.transaction(async (tx) => {
      // Locked, so a plan or membership cannot take the card between the check and the removal.
      await findCard(tx, companyId, card.id, { lock: true });
      const [plan] = await tx
        .select({ id: paymentPlans.id })
        .from(paymentPlans)
        .where(
          and(
            eq(paymentPlans.companyId, companyId),
            eq(paymentPlans.customerSavedCardId, card.id),
            eq(paymentPlans.status, 'ACTIVE'),
          ),
        )
        .limit(1);
      const [membership] = await tx
        .select({ id: customerMembershipBillings.id })
        .from(customerMembershipBillings)
        .where(
          and(
            eq(customerMembershipBillings.companyId, companyId),
            eq(customerMembershipBillings.customerSavedCardId, card.id),
            eq(customerMembershipBillings.status, 'ACTIVE'),
          ),
        )
        .limit(1);
      if (plan || membership) return true;
      if (card.isActive) await removeCard(tx, companyId, body.customerId, card.id);
      return false;
    });
    return {
      hasMembershipPaymentPlans: associated,
      deleted: !associated,
      cards: await activeCards(ctx.db, companyId, body.customerId),
    };
  }),

  defineRoute(contract.makeDefault, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const card = await cardOf(ctx, companyId, body.customerId, body.Id);
    if (!card.isActive) throw new NotFoundError('The card');
    await ctx.db.transaction((tx) => setDefaultCard(tx, companyId, body.customerId, card.id));
    return activeCards(ctx.db, companyId, body.customerId);
  }),

  defineRoute(contract.sendCardRequest, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const { customer, to, addressee, sender, linkToken } = await newLinkFor(ctx, companyId, body);
    const now = ctx.clock.now();
    const messages = cardRequestMessages(addressee, sender, cardRequestLink(ctx.publicUrl, linkToken));
    const id = await ctx.db.transaction(async (tx) => {
      const [request] = await tx
        .insert(cardRequests)
        .values({
          companyId,
          customerId: customer.id,
          linkToken,
          eMail: to.eMail,
          toPhone: to.toPhone,
          createdByUserId: caller.userId,
          created: now,
        })
        .returning({ id: cardRequests.id });
      await sendToOutbox(tx, companyId, messages, now);
      return request!.id;
    });
    return { id, sentBy: messages.map((m) => (m.channel === 'SMS' ? 'TEXT' : 'EMAIL')) };
  }),

  // ── The patient's side: no sign-in, the link's token is the key ──────────────────────────────

  defineRoute(contract.publicCardRequest, { access: 'public' }, async ({ ctx, query, reply }) => {
    answerPrivately(reply);
    const found = await cardRequestByToken(ctx, query.token);
    const status = cardRequestLinkStatus(found.request, ctx.clock.now());
    const stored = status === 'USED' && found.card ? toSavedCard(found.card) : null;
    return {
      practiceName: found.company.name,
      firstName: found.customer.firstName,
      status,
      expires: cardRequestExpiry(found.request.created).toISOString(),
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
  }),

  defineRoute(contract.publicStoreCard, { access: 'public' }, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    const { request, company } = await cardRequestByToken(ctx, body.token);
    const refusal = refusalOf(request, ctx.clock.now());
    if (refusal) throw new BusinessError(refusal);
    const card = await tokenizeNonce(ctx, company.businessId, body.nonce);
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      // The link stores one card, while it is fresh: of two submissions at once, the second finds it
      // used; one that began before the expiry and ends after it stores nothing.
      const [claimed] = await tx
        .update(cardRequests)
        .set({ completed: now })
        .where(
          and(
            eq(cardRequests.id, request.id),
            isNull(cardRequests.completed),
            gt(cardRequests.created, cardRequestFreshSince(now)),
          ),
        )
        .returning({ id: cardRequests.id });
      if (!claimed) {
        const [current] = await tx.select().from(cardRequests).where(eq(cardRequests.id, request.id));
        throw new BusinessError(refusalOf(current!, now) ?? CARD_REQUEST_REFUSALS.USED);
      }
      const stored = await storeCard(tx, {
        companyId: request.companyId,
        customerId: request.customerId,
        card,
        isDefault: true,
        at: now,
      });
      await tx.update(cardRequests).set({ savedCardId: stored.id }).where(eq(cardRequests.id, request.id));
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
  }),
];

function refusalOf(request: { created: Date; completed: Date | null }, now: Date): string | null {
  const status = cardRequestLinkStatus(request, now);
  return status === 'OPEN' ? null : CARD_REQUEST_REFUSALS[status];
}

async function cardRequestByToken(ctx: AppContext, token: string) {
  const [found] = await ctx.db
    .select({ request: cardRequests, company: companies, customer: customers, card: savedCards })
    .from(cardRequests)
    .innerJoin(companies, eq(companies.id, cardRequests.companyId))
    .innerJoin(customers, eq(customers.id, cardRequests.customerId))
    .leftJoin(savedCards, eq(savedCards.id, cardRequests.savedCardId))
    .where(eq(cardRequests.linkToken, token));
  if (!found) throw new NotFoundError('The card request');
  return found;
}
