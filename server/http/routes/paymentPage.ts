/**
 * The public payment page's API: no sign-in, the link's token is the key.
 *
 * Surcharge disclosure: the card's funding (credit or debit) is known only once the provider has
 * seen the card, and a nonce is good once. So the first call that meets a nonce (`quote`, or `pay`
 * when the page skipped it) exchanges it for the provider's token and keeps the card, with its
 * funding, bound to the request and the nonce's hash (payment_page_cards). `quote` answers the
 * surcharge and total for that card; `pay` charges the same card exactly the total the page showed,
 * and refuses, charging nothing, when the page's total differs.
 *
 * Paying twice at once charges once: a repeated Idempotency-Key gets the first answer (route.ts);
 * two different payments race for a claim on the request row (a conditional update) and the loser
 * is refused before any charge; the claim is held across the provider call without a database
 * transaction, which PGlite's one connection could not afford. A unique index lets one approved
 * transaction point to a request.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/paymentPage.js';
import type { PaymentRequestViewed, TransactionProcessed } from '../../../embed-sdk/contract/realtime.js';
import { displayedTransactionId } from '../../card-provider/reference.js';
import type { AppContext, ChargeResult } from '../../context.js';
import { providerCardColumns } from '../../db/savedCards.js';
import { companies, customers, paymentPageCards, paymentRequests, transactions } from '../../db/schema.js';
import { cardSurcharge, creditCardSurcharge } from '../../../embed-sdk/rules/cardSurcharge.js';
import {
  PAYMENT_CLAIM_TIMEOUT_MS,
  PAYMENT_PAGE_REFUSALS,
  paymentRequestStatus,
  refusalToPay,
  totalChangedMessage,
} from '../../domain/paymentRequest.js';
import { asBusinessError } from '../cardProviderFailure.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { answerPrivately } from '../links.js';
import { defineRoute } from '../route.js';

type Found = Awaited<ReturnType<typeof requestByToken>>;
type PageCard = typeof paymentPageCards.$inferSelect;

async function requestByToken(ctx: AppContext, token: string) {
  const [found] = await ctx.db
    .select({
      r: paymentRequests,
      company: companies,
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        cell: customers.cell,
      },
    })
    .from(paymentRequests)
    .innerJoin(companies, eq(companies.id, paymentRequests.companyId))
    .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
    .where(eq(paymentRequests.linkToken, token));
  if (!found) throw new NotFoundError('The payment request');
  return found;
}

/** Paid and cancelled links take nothing; neither does one whose payment is under way. */
function refuseUnlessPayable(found: Found, now: Date) {
  const refusal = refusalToPay(found.r, now);
  if (refusal) throw new BusinessError(refusal);
}

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

async function boundCard(ctx: AppContext, requestId: string, nonceHash: string): Promise<PageCard | null> {
  const [card] = await ctx.db
    .select()
    .from(paymentPageCards)
    .where(and(eq(paymentPageCards.paymentRequestId, requestId), eq(paymentPageCards.nonceHash, nonceHash)));
  return card ?? null;
}

/** The card behind a nonce for this request: bound before, or exchanged with the provider now. */
async function cardForNonce(ctx: AppContext, found: Found, nonce: string): Promise<PageCard> {
  const nonceHash = hashOf(nonce);
  const bound = await boundCard(ctx, found.r.id, nonceHash);
  if (bound) return bound;
  let card;
  try {
    card = await ctx.cards.tokenize({ businessId: found.company.businessId, nonce });
  } catch (error) {
    // A quote and a payment sent at once with one nonce: the other call exchanged it for us.
    const boundMeanwhile = await boundCard(ctx, found.r.id, nonceHash);
    if (boundMeanwhile) return boundMeanwhile;
    return asBusinessError(error, ctx.log);
  }
  const [inserted] = await ctx.db
    .insert(paymentPageCards)
    .values({
      paymentRequestId: found.r.id,
      nonceHash,
      ...providerCardColumns(card),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  return inserted ?? (await boundCard(ctx, found.r.id, nonceHash))!;
}

function quoteOf(found: Found, card: PageCard): contract.CardQuote {
  const funding = card.funding as contract.CardQuote['funding'];
  const { rateBps, surchargeAmount, total } = cardSurcharge(found.r.amount, found.company, funding);
  return {
    cardType: card.cardType as contract.CardQuote['cardType'],
    description: card.description,
    funding,
    amount: found.r.amount,
    surchargeAmount,
    total,
    surchargeRateBps: rateBps,
  };
}

/** Takes the request for this payment; false when it is paid, cancelled or taken by another payment. */
async function claimForPayment(ctx: AppContext, requestId: string, key: string): Promise<boolean> {
  const now = ctx.clock.now();
  const claimed = await ctx.db
    .update(paymentRequests)
    .set({ paymentStarted: now, paymentKey: key })
    .where(
      and(
        eq(paymentRequests.id, requestId),
        isNull(paymentRequests.paid),
        isNull(paymentRequests.cancelled),
        or(
          isNull(paymentRequests.paymentStarted),
          lt(paymentRequests.paymentStarted, new Date(now.getTime() - PAYMENT_CLAIM_TIMEOUT_MS)),
          // The same payment again (its first attempt failed after claiming): it may resume.
          eq(paymentRequests.paymentKey, key),
        ),
      ),
    )
    .returning({ id: paymentRequests.id });
  return claimed.length === 1;
}

async function releaseClaim(ctx: AppContext, requestId: string, key: string) {
  await ctx.db
    .update(paymentRequests)
    .set({ paymentStarted: null, paymentKey: null })
    .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.paymentKey, key)));
}

/** Records the charge's outcome: the transaction, and on approval the request paid; the claim ends. */
async function recordCharge(
  ctx: AppContext,
  found: Found,
  card: PageCard,
  quote: contract.CardQuote,
  result: ChargeResult,
) {
  const { r, customer } = found;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [transaction] = await tx
      .insert(transactions)
      .values({
        companyId: r.companyId,
        customerId: r.customerId,
        referenceId: result.referenceId,
        transactionResultId: result.transactionResultId,
        status: result.approved ? 'APPROVED' : 'DECLINED',
        reason: result.reason,
        amount: quote.total,
        orderAmount: quote.amount,
        surchargeAmount: quote.surchargeAmount,
        fundingSource: 'CARD',
        cardType: card.cardType,
        cardDescription: card.description,
        expMonth: String(card.expMonth),
        expYear: String(card.expYear),
        resultMetaData: { funding: card.funding },
        source: 'TEXTTOPAY',
        created: now,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: r.eMail || customer.email,
        phone: r.toPhone || customer.cell,
        notificationId: r.id,
        // The sandbox plays the practice system and takes an approved payment at once.
        practiceManagementStatus: result.approved ? 2 : 0,
      })
      .returning();
    await tx
      .update(paymentRequests)
      .set({
        paymentStarted: null,
        paymentKey: null,
        ...(result.approved
          ? { paid: now, orderAmount: quote.amount, surchargeAmount: quote.surchargeAmount }
          : {}),
      })
      .where(eq(paymentRequests.id, r.id));
    return { transaction: transaction!, paid: result.approved ? now : null };
  });
}

export const paymentPageRoutes = [
  defineRoute(contract.paymentPage, { access: 'public' }, async ({ ctx, query, reply }) => {
    answerPrivately(reply);
    const { r, company, customer } = await requestByToken(ctx, query.token);
    const status = paymentRequestStatus(r);
    const pageStatus: contract.PaymentPageStatus = status === 'UNPAID' ? 'OPEN' : status;
    const credit = creditCardSurcharge(r.amount, company);
    const orderAmount = r.orderAmount ?? r.amount;
    return {
      practiceName: company.name,
      practicePhone: company.phone,
      firstName: customer.firstName,
      amount: r.amount,
      message: r.message,
      status: pageStatus,
      receipt:
        status === 'PAID' && r.paid
          ? {
              paid: r.paid.toISOString(),
              orderAmount,
              surchargeAmount: r.surchargeAmount,
              total: orderAmount + r.surchargeAmount,
            }
          : null,
      surcharge: {
        rateBps: credit.rateBps,
        creditSurchargeAmount: credit.surchargeAmount,
        creditTotal: credit.total,
      },
      cardEntry: {
        businessId: company.businessId,
        appId: company.appId,
        scriptUrl: ctx.cardProviderScriptUrl,
      },
    };
  }),

  defineRoute(contract.recordViewed, { access: 'public' }, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    const { r } = await requestByToken(ctx, body.token);
    const [first] = await ctx.db
      .update(paymentRequests)
      .set({ paymentPage: ctx.clock.now() })
      .where(and(eq(paymentRequests.id, r.id), isNull(paymentRequests.paymentPage)))
      .returning({ paymentPage: paymentRequests.paymentPage });
    if (first?.paymentPage) {
      const event: PaymentRequestViewed = {
        notificationId: r.id,
        paymentPage: first.paymentPage.toISOString(),
      };
      ctx.realtime.publish(r.companyId, 'PaymentRequestViewed', [event]);
      return { paymentPage: event.paymentPage };
    }
    const [seen] = await ctx.db
      .select({ paymentPage: paymentRequests.paymentPage })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, r.id));
    return { paymentPage: seen!.paymentPage!.toISOString() };
  }),

  defineRoute(contract.quote, { access: 'public' }, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    const found = await requestByToken(ctx, body.token);
    refuseUnlessPayable(found, ctx.clock.now());
    return quoteOf(found, await cardForNonce(ctx, found, body.nonce));
  }),

  defineRoute(contract.pay, { access: 'public' }, async ({ ctx, body, reply, idempotencyKey }) => {
    answerPrivately(reply);
    const found = await requestByToken(ctx, body.token);
    const status = paymentRequestStatus(found.r);
    if (status !== 'UNPAID') throw new BusinessError(PAYMENT_PAGE_REFUSALS[status]);
    const card = await cardForNonce(ctx, found, body.nonce);
    const quote = quoteOf(found, card);
    if (body.total !== quote.total) throw new BusinessError(totalChangedMessage(quote));

    if (!(await claimForPayment(ctx, found.r.id, idempotencyKey))) {
      const current = await requestByToken(ctx, body.token);
      throw new BusinessError(refusalToPay(current.r, ctx.clock.now()) ?? PAYMENT_PAGE_REFUSALS.IN_PROGRESS);
    }
    let result: ChargeResult;
    try {
      result = await ctx.cards.charge({
        businessId: found.company.businessId,
        token: card.providerToken,
        amount: quote.total,
        // Derived from the caller's key: a retry of this payment is the same charge at the provider.
        idempotencyKey: `texttopay:${found.r.id}:${idempotencyKey}`,
      });
    } catch (error) {
      await releaseClaim(ctx, found.r.id, idempotencyKey);
      return asBusinessError(error, ctx.log);
    }
    const { transaction, paid } = await recordCharge(ctx, found, card, quote, result);

    const event: TransactionProcessed = {
      transactionId: transaction.id,
      referenceId: transaction.referenceId,
      refundVoidReferenceId: null,
      status: result.approved ? 'APPROVED' : 'DECLINED',
      source: 'TEXTTOPAY',
      amount: transaction.amount,
      customerId: transaction.customerId,
      notificationId: found.r.id,
      paymentPlanId: null,
      customerMembershipBillingId: null,
      practiceManagementStatus: transaction.practiceManagementStatus,
    };
    ctx.realtime.publish(found.r.companyId, 'TransactionProcessed', [event]);

    return {
      ...quote,
      isApproved: result.approved,
      reason: result.reason,
      referenceId: result.referenceId,
      transactionId: displayedTransactionId(result.referenceId),
      paid: paid?.toISOString() ?? null,
    };
  }),
];
