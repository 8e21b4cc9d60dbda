/**
 * The public payment page: no sign-in, the link's token is the key.
 *
 * Surcharge disclosure: the card's funding (credit or debit) is known only once the provider has
 * seen the card, and a nonce is good once. So the first call that meets a nonce (`quote`, or `pay`
 * when the page skipped it) exchanges it for the provider's token and keeps the card, with its
 * funding, bound to the request and the nonce's hash (payment_page_cards). `quote` answers the
 * surcharge and total for that card; `pay` charges the same card exactly the total the page showed,
 * and refuses, charging nothing, when the page's total differs.
 *
 * Paying twice at once charges once: a repeated Idempotency-Key gets the first answer (http/route.ts);
 * two different payments race for a claim on the request row (a conditional update) and the loser
 * is refused before any charge; the claim is held across the provider call without a database
 * transaction, which PGlite's one connection could not afford. A unique index lets one approved
 * transaction point to a request.
 */
import { createHash } from 'node:crypto';
import type * as contract from '../../embed-sdk/contract/paymentPage.js';
import { EXPIRED_LINK_REFUSALS, type ExpiredLinkPage } from '../../embed-sdk/contract/patientLinks.js';
import type { PaymentRequestViewed } from '../../embed-sdk/contract/realtime.js';
import { displayedTransactionId } from '../card-provider/reference.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext, ChargeResult } from '../context.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { cardSurcharge, creditCardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import { hasLinkExpired, linkExpiry } from '../domain/outbox/linkExpiry.js';
import {
  PAYMENT_CLAIM_TIMEOUT_MS,
  PAYMENT_PAGE_REFUSALS,
  paymentLinkSent,
  paymentRequestStatus,
  refusalToPay,
  totalChangedMessage,
} from '../domain/payment-requests/paymentRequest.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { replacedLinkByToken } from '../outbox/store.js';
import { findCustomer, type CustomerRecord } from '../patients/store.js';
import { findPractice, type PracticeRecord } from '../practices/store.js';
import { providerCardColumns } from '../saved-cards/providerCard.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import { announceTransaction } from '../transactions/announce.js';
import { recordTransaction } from '../transactions/store.js';
import {
  bindCard,
  boundCard,
  claimForPayment,
  findRequest,
  markViewed,
  recordPaymentOutcome,
  releaseClaim,
  requestByLinkToken,
  type PageCardRecord,
  type PaymentRequestRecord,
} from './store.js';

interface Found {
  r: PaymentRequestRecord;
  practice: PracticeId;
  company: PracticeRecord;
  customer: CustomerRecord;
  /** The practice's payment-link days. */
  linkDays: number;
}

/**
 * The request a link opens, with its practice and patient, and when its link stops working; 404 for a
 * token nobody holds. A token that staff replaced with a newer link is refused (the page's read,
 * paymentPageView, answers EXPIRED for it instead).
 */
async function requestByToken(ctx: AppContext, token: string): Promise<Found> {
  const r = await requestByLinkToken(ctx.db, token);
  if (!r) {
    if (await replacedLinkByToken(ctx.db, token, 'PAYMENT')) {
      throw new BusinessError(EXPIRED_LINK_REFUSALS.payment);
    }
    throw new NotFoundError('The payment request');
  }
  const practice = practiceOfRecord(r);
  const [company, customer, days] = await Promise.all([
    findPractice(ctx.db, practice),
    findCustomer(ctx.db, practice, r.customerId),
    linkDaysOf(ctx.db, practice, 'PAYMENT'),
  ]);
  if (!company || !customer) throw new NotFoundError('The payment request');
  return { r, practice, company, customer, linkDays: days };
}

/** The link has had its days: it takes nothing, and shows nothing of the patient's (but a receipt). */
function linkHasExpired(found: Found, now: Date): boolean {
  return hasLinkExpired(paymentLinkSent(found.r), found.linkDays, now);
}

function refuseIfExpired(found: Found, now: Date) {
  if (linkHasExpired(found, now)) throw new BusinessError(EXPIRED_LINK_REFUSALS.payment);
}

/** Paid, cancelled and expired links take nothing; neither does one whose payment is under way. */
function refuseUnlessPayable(found: Found, now: Date) {
  const refusal = refusalToPay(found.r, now);
  if (refusal) throw new BusinessError(refusal);
  refuseIfExpired(found, now);
}

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** The card behind a nonce for this request: bound before, or exchanged with the provider now. */
async function cardForNonce(ctx: AppContext, found: Found, nonce: string): Promise<PageCardRecord> {
  const nonceHash = hashOf(nonce);
  const bound = await boundCard(ctx.db, found.practice, found.r.id, nonceHash);
  if (bound) return bound;
  let card;
  try {
    card = await ctx.cards.tokenize({ businessId: found.company.businessId, nonce });
  } catch (error) {
    // A quote and a payment sent at once with one nonce: the other call exchanged it for us.
    const boundMeanwhile = await boundCard(ctx.db, found.practice, found.r.id, nonceHash);
    if (boundMeanwhile) return boundMeanwhile;
    return asBusinessError(error, ctx.log);
  }
  const inserted = await bindCard(ctx.db, {
    paymentRequestId: found.r.id,
    nonceHash,
    ...providerCardColumns(card),
    createdAt: ctx.clock.now(),
  });
  return inserted ?? (await boundCard(ctx.db, found.practice, found.r.id, nonceHash))!;
}

function quoteOf(found: Found, card: PageCardRecord): contract.CardQuote {
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

/** Records the charge's outcome: the transaction, and on approval the request paid; the claim ends. */
async function recordCharge(
  ctx: AppContext,
  found: Found,
  card: PageCardRecord,
  quote: contract.CardQuote,
  result: ChargeResult,
) {
  const { r, customer, practice } = found;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const transaction = await recordTransaction(tx, practice, {
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
    });
    await recordPaymentOutcome(
      tx,
      practice,
      r.id,
      result.approved ? { at: now, orderAmount: quote.amount, surchargeAmount: quote.surchargeAmount } : null,
    );
    return { transaction, paid: result.approved ? now : null };
  });
}

/** What a replaced or expired link shows: the practice, to ask for a new link. */
function expiredPage(company: PracticeRecord, expired: Date, replaced: boolean): ExpiredLinkPage {
  return {
    status: 'EXPIRED',
    practiceName: company.name,
    practicePhone: company.phone,
    expired: expired.toISOString(),
    replaced,
  };
}

/** A replaced link's page; null for a token never replaced. */
async function replacedPage(ctx: AppContext, token: string): Promise<ExpiredLinkPage | null> {
  const replaced = await replacedLinkByToken(ctx.db, token, 'PAYMENT');
  if (!replaced) return null;
  const company = await findPractice(ctx.db, practiceOfRecord(replaced));
  return company && expiredPage(company, replaced.replacedAt, true);
}

/**
 * What the page shows: the practice, the patient's first name, the amount, the surcharge for a credit
 * card; once the link has expired or was replaced, the practice only.
 */
export async function paymentPageView(ctx: AppContext, token: string): Promise<contract.PaymentLinkAnswer> {
  if (!(await requestByLinkToken(ctx.db, token))) {
    const replaced = await replacedPage(ctx, token);
    if (replaced) return replaced;
  }
  const found = await requestByToken(ctx, token);
  const { r, company, customer } = found;
  const status = paymentRequestStatus(r);
  if (status !== 'PAID' && linkHasExpired(found, ctx.clock.now())) {
    return expiredPage(company, linkExpiry(paymentLinkSent(r), found.linkDays), false);
  }
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
}

/** The first time the patient opens the page, staff see it at once (PaymentRequestViewed). */
export async function recordViewed(ctx: AppContext, token: string) {
  const found = await requestByToken(ctx, token);
  refuseIfExpired(found, ctx.clock.now());
  const { r, practice } = found;
  const first = await markViewed(ctx.db, practice, r.id, ctx.clock.now());
  if (first) {
    const event: PaymentRequestViewed = { notificationId: r.id, paymentPage: first.toISOString() };
    ctx.realtime.publish(r.companyId, 'PaymentRequestViewed', [event]);
    return { paymentPage: event.paymentPage };
  }
  const seen = await findRequest(ctx.db, practice, r.id);
  return { paymentPage: seen!.paymentPage!.toISOString() };
}

export async function quote(ctx: AppContext, token: string, nonce: string) {
  const found = await requestByToken(ctx, token);
  refuseUnlessPayable(found, ctx.clock.now());
  return quoteOf(found, await cardForNonce(ctx, found, nonce));
}

/** Charges the card exactly the total the page showed for it. */
export async function pay(
  ctx: AppContext,
  body: { token: string; nonce: string; total: number },
  idempotencyKey: string,
) {
  const found = await requestByToken(ctx, body.token);
  const status = paymentRequestStatus(found.r);
  if (status !== 'UNPAID') throw new BusinessError(PAYMENT_PAGE_REFUSALS[status]);
  refuseIfExpired(found, ctx.clock.now());
  const card = await cardForNonce(ctx, found, body.nonce);
  const quoted = quoteOf(found, card);
  if (body.total !== quoted.total) throw new BusinessError(totalChangedMessage(quoted));

  const now = ctx.clock.now();
  const claim = {
    key: idempotencyKey,
    at: now,
    staleBefore: new Date(now.getTime() - PAYMENT_CLAIM_TIMEOUT_MS),
  };
  if (!(await claimForPayment(ctx.db, found.practice, found.r.id, claim))) {
    const current = await requestByToken(ctx, body.token);
    throw new BusinessError(refusalToPay(current.r, ctx.clock.now()) ?? PAYMENT_PAGE_REFUSALS.IN_PROGRESS);
  }
  let result: ChargeResult;
  try {
    result = await ctx.cards.charge({
      businessId: found.company.businessId,
      token: card.providerToken,
      amount: quoted.total,
      // Derived from the caller's key: a retry of this payment is the same charge at the provider.
      idempotencyKey: `texttopay:${found.r.id}:${idempotencyKey}`,
    });
  } catch (error) {
    await releaseClaim(ctx.db, found.practice, found.r.id, idempotencyKey);
    return asBusinessError(error, ctx.log);
  }
  const { transaction, paid } = await recordCharge(ctx, found, card, quoted, result);
  announceTransaction(ctx, transaction);

  return {
    ...quoted,
    isApproved: result.approved,
    reason: result.reason,
    referenceId: result.referenceId,
    transactionId: displayedTransactionId(result.referenceId),
    paid: paid?.toISOString() ?? null,
  };
}
