/**
 * The public payment page: no sign-in, the link's token is the key.
 *
 * Surcharge disclosure: the card's funding (credit, debit or prepaid) is known only once the provider has
 * seen the card, and a nonce is good once. So the first call that meets a nonce (`quote`, or `pay`
 * when the page skipped it) makes its card entry for this request (saved-cards' cardEntries.ts).
 * `quote` answers the surcharge and total for that card; `pay` charges the same card exactly the
 * total the page showed, and refuses, charging nothing, when the page's total differs. `pay` redeems
 * the card entry under its Idempotency-Key, in the transaction that claims the request: a card
 * entered once is charged once, and a second payment with the nonce is refused (409).
 *
 * Paying twice at once charges once: a repeated Idempotency-Key gets the first answer (http/route.ts);
 * two different payments race for a claim on the request row (a conditional update) and the loser
 * is refused before any charge; the claim is held across the provider call without a database
 * transaction, which PGlite's one connection could not afford. A unique index lets one approved
 * transaction point to a request. The charge itself is a claimed charge (transactions/
 * requestCharges.ts): a server stopped under it leaves a claim its next start records.
 */
import type { ValueOf } from '../../embed-sdk/contract/endpoint.js';
import type * as contract from '../../embed-sdk/contract/paymentPage.js';
import { EXPIRED_LINK_REFUSALS, type ExpiredLinkPage } from '../../embed-sdk/contract/patientLinks.js';
import type { PaymentRequestViewed } from '../../embed-sdk/contract/realtime.js';
import { displayedTransactionId } from '../card-provider/reference.js';
import { asBusinessError } from '../cardProviderFailure.js';
import { CardProviderError } from '../card-provider/gateway.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { cardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import { creditCardRateBps } from '../../embed-sdk/rules/surcharge.js';
import { expiredLinkPage, hasLinkExpired, linkExpiry } from '../domain/outbox/linkExpiry.js';
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
import { cardEntry, redeemCardEntry, type CardEntry } from '../saved-cards/cardEntries.js';
import {
  chargeForRequest,
  resumeRequestCharge,
  type RecordedRequestCharge,
} from '../transactions/requestCharges.js';
import type { TransactionRecord } from '../transactions/store.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import {
  claimForPayment,
  findRequest,
  markViewed,
  releaseClaim,
  requestByLinkToken,
  type PaymentRequestRecord,
} from './store.js';

type PayResult = ValueOf<typeof contract.pay>;

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

/** The card behind a nonce for this request: its card entry (not redeemed: `pay` redeems it). */
function cardForNonce(ctx: AppContext, found: Found, nonce: string, quote: boolean): Promise<CardEntry> {
  return cardEntry(ctx, found.practice, {
    nonce,
    use: `payment-request:${found.r.id}`,
    businessId: found.company.businessId,
    quote,
  });
}

function quoteOf(found: Found, card: CardEntry): contract.CardQuote {
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

/** A replaced link's page; null for a token never replaced. */
async function replacedPage(ctx: AppContext, token: string): Promise<ExpiredLinkPage | null> {
  const replaced = await replacedLinkByToken(ctx.db, token, 'PAYMENT');
  if (!replaced) return null;
  const company = await findPractice(ctx.db, practiceOfRecord(replaced));
  return company && expiredLinkPage(company, replaced.replacedAt, true);
}

/**
 * What the page shows: the practice, the patient's first name, the amount, the surcharge rate of a
 * credit card; once the link has expired or was replaced, the practice only.
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
    return expiredLinkPage(company, linkExpiry(paymentLinkSent(r), found.linkDays), false);
  }
  const pageStatus: contract.PaymentPageStatus = status === 'UNPAID' ? 'OPEN' : status;
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
    surcharge: { rateBps: creditCardRateBps(company) },
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
  return quoteOf(found, await cardForNonce(ctx, found, nonce, true));
}

/** What the page is told of its payment, from the payment recorded (its surcharge rate as it is now). */
function pageResult(found: Found, t: TransactionRecord): PayResult {
  const funding = (t.resultMetaData?.funding ?? 'CREDIT') as contract.CardQuote['funding'];
  return {
    cardType: t.cardType as contract.CardQuote['cardType'],
    description: t.cardDescription ?? '',
    funding,
    amount: t.orderAmount,
    surchargeAmount: t.surchargeAmount,
    total: t.amount,
    surchargeRateBps: cardSurcharge(found.r.amount, found.company, funding).rateBps,
    isApproved: t.status === 'APPROVED',
    reason: t.reason,
    referenceId: t.referenceId,
    transactionId: displayedTransactionId(t.referenceId),
    paid: t.status === 'APPROVED' ? t.created.toISOString() : null,
  };
}

/**
 * Charges the card exactly the total the page showed for it: a claimed charge
 * (transactions/requestCharges.ts) whose provider key derives from the caller's Idempotency-Key, taken
 * with the request's claim, so that a payment its server stopped under is recorded once, and
 * answered when the page sends it again.
 */
export async function pay(
  ctx: AppContext,
  body: { token: string; nonce: string; total: number },
  idempotencyKey: string,
): Promise<PayResult> {
  const found = await requestByToken(ctx, body.token);
  const key = `texttopay:${found.r.id}:${idempotencyKey}`;
  try {
    const resumed = await resumeRequestCharge(ctx, found.practice, key);
    if (resumed) return pageResult(found, resumed.transaction);
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
  const status = paymentRequestStatus(found.r);
  if (status !== 'UNPAID') throw new BusinessError(PAYMENT_PAGE_REFUSALS[status]);
  refuseIfExpired(found, ctx.clock.now());
  const card = await cardForNonce(ctx, found, body.nonce, false);
  const quoted = quoteOf(found, card);
  if (body.total !== quoted.total) throw new BusinessError(totalChangedMessage(quoted));

  const { r, customer, practice } = found;
  // Taken with the charge's claim: a second payment of the request, or of the card entry, is refused
  // before any charge.
  const claimRequest = async (tx: Tx) => {
    const now = ctx.clock.now();
    const claim = { key, at: now, staleBefore: new Date(now.getTime() - PAYMENT_CLAIM_TIMEOUT_MS) };
    if (await claimForPayment(tx, practice, r.id, claim)) {
      // The card entry is this payment's with the request, or neither is: another payment of the
      // same nonce is refused (409) and frees the request.
      await redeemCardEntry(tx, card, now, idempotencyKey);
      return;
    }
    const current = await findRequest(tx, practice, r.id);
    throw new BusinessError((current && refusalToPay(current, now)) ?? PAYMENT_PAGE_REFUSALS.IN_PROGRESS);
  };
  let recorded: RecordedRequestCharge;
  try {
    recorded = await chargeForRequest(
      ctx,
      practice,
      {
        key,
        source: 'TEXTTOPAY',
        orderAmount: quoted.amount,
        surchargeAmount: quoted.surchargeAmount,
        card: {
          token: card.token,
          cardType: quoted.cardType,
          description: card.description,
          expMonth: card.expMonth,
          expYear: card.expYear,
          funding: quoted.funding,
          fromNonce: true,
        },
        payer: {
          customerId: r.customerId,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: r.eMail || customer.email,
          phone: r.toPhone || customer.cell,
        },
        note: null,
        storeCard: false,
        paymentRequestId: r.id,
      },
      claimRequest,
    );
  } catch (error) {
    // A refusal ended the charge's claim: the request is free again. A lost answer keeps both
    // claims, so that no second payment starts while the first may have been charged.
    if (error instanceof CardProviderError && error.status < 500)
      await releaseClaim(ctx.db, practice, r.id, key);
    return asBusinessError(error, ctx.log);
  }
  return pageResult(found, recorded.transaction);
}
