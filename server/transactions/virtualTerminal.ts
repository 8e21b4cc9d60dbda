/**
 * The virtual terminal: staff take a card payment at the desk, for a patient or for nobody yet (an
 * unassociated payment, to be associated later). The surcharge is disclosed first (`quote`) and the
 * charge takes exactly the total that was shown, or refuses without charging.
 *
 * A card is one on file, or a new one from the card-entry frame: its card entry (saved-cards'
 * cardEntries.ts), which the first call that meets the nonce (the quote, or the charge when there was
 * none) makes. The charge redeems the entry under its Idempotency-Key before the provider is asked,
 * so one card entry is charged once: another key with the same nonce is refused (409), charging
 * nothing. The charge is a claimed charge (requestCharges.ts) whose provider key derives from the
 * request's Idempotency-Key, so a retry is the same charge at the provider and the same row here, and
 * a charge cut off by a stopped server is recorded at its next start.
 */
import type * as contract from '../../embed-sdk/contract/transaction.js';
import { displayedTransactionId } from '../card-provider/reference.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext, TokenizedCard } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { cardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import { deskTotalChangedMessage } from '../domain/transactions/virtualTerminal.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { customerOrNotFound } from '../patients/customers.js';
import type { CustomerRecord } from '../patients/store.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { cardEntry, redeemCardEntry, type CardEntry } from '../saved-cards/cardEntries.js';
import { findCard } from '../saved-cards/store.js';
import { payerColumns } from './announce.js';
import { describeTransactions } from './list.js';
import { chargeForRequest, resumeRequestCharge, type RecordedRequestCharge } from './requestCharges.js';

interface DeskRequest {
  customerId?: number;
  amount: number;
  customerSavedCardId?: number;
  nonce?: string;
}

/** The card a desk payment takes, as the provider vaulted it; `entry` for a newly entered one. */
type DeskCard = TokenizedCard & { entry: CardEntry | null };

/** The patient (optional) and the card of a desk payment; a card on file names its patient. */
async function payerAndCard(
  ctx: AppContext,
  practice: PracticeId,
  request: DeskRequest,
  purpose: 'quote' | 'charge',
) {
  const company = await practiceOrNotFound(ctx, practice);
  let customer: CustomerRecord | null =
    request.customerId === undefined ? null : await customerOrNotFound(ctx, practice, request.customerId);
  let card: DeskCard;
  if (request.customerSavedCardId !== undefined) {
    const saved = await findCard(ctx.db, practice, request.customerSavedCardId);
    if (!saved?.isActive || (customer && saved.customerId !== customer.id))
      throw new NotFoundError('The card');
    customer ??= await customerOrNotFound(ctx, practice, saved.customerId);
    card = {
      token: saved.providerToken,
      cardType: saved.cardType as TokenizedCard['cardType'],
      description: saved.description,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      funding: saved.funding as TokenizedCard['funding'],
      entry: null,
    };
  } else {
    const entry = await cardEntry(ctx, practice, {
      nonce: request.nonce!,
      use: 'virtual-terminal',
      businessId: company.businessId,
      quote: purpose === 'quote',
    });
    card = { ...entry, entry };
  }
  const { surchargeAmount, total } = cardSurcharge(request.amount, company, card.funding);
  const quote: contract.VirtualTerminalQuote = {
    orderAmount: request.amount,
    surchargeAmount,
    total,
    cardType: card.cardType,
    cardDescription: card.description,
    funding: card.funding,
  };
  return { company, customer, card, quote };
}

/** The surcharge and total a desk payment would charge this card, to show before charging. */
export async function quoteDeskPayment(ctx: AppContext, practice: PracticeId, request: DeskRequest) {
  return (await payerAndCard(ctx, practice, request, 'quote')).quote;
}

/** What the desk is told of its payment, from the payment recorded. */
async function deskResult(
  ctx: AppContext,
  { transaction: t }: RecordedRequestCharge,
): Promise<contract.VirtualTerminalResult> {
  const [described] = await describeTransactions(ctx, [t], { rows: 1, capped: false });
  return {
    isApproved: t.status === 'APPROVED',
    reason: t.reason,
    referenceId: t.referenceId,
    transactionId: displayedTransactionId(t.referenceId),
    orderAmount: t.orderAmount,
    surchargeAmount: t.surchargeAmount,
    total: t.amount,
    transaction: described!,
  };
}

/**
 * Charges a card at the desk exactly the quoted total, and records the VIRTUALTERMINAL payment: a
 * claimed charge (requestCharges.ts), so that a request its server stopped under is recorded once,
 * and answered when it is sent again.
 */
export async function takeDeskPayment(
  ctx: AppContext,
  practice: PracticeId,
  request: DeskRequest & { total: number; note?: string; storeCard: boolean; requestKey: string },
): Promise<contract.VirtualTerminalResult> {
  const key = `virtualterminal:${practice}:${request.requestKey}`;
  try {
    const resumed = await resumeRequestCharge(ctx, practice, key);
    if (resumed) return await deskResult(ctx, resumed);
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
  const { customer, card, quote } = await payerAndCard(ctx, practice, request, 'charge');
  if (request.total !== quote.total) throw new BusinessError(deskTotalChangedMessage(quote));
  // A new card's entry is this charge's, once: a second charge of the nonce stops here, uncharged.
  if (card.entry) await redeemCardEntry(ctx.db, card.entry, ctx.clock.now(), request.requestKey);
  let recorded: RecordedRequestCharge;
  try {
    recorded = await chargeForRequest(ctx, practice, {
      key,
      source: 'VIRTUALTERMINAL',
      orderAmount: quote.orderAmount,
      surchargeAmount: quote.surchargeAmount,
      card: {
        token: card.token,
        cardType: card.cardType,
        description: card.description,
        expMonth: card.expMonth,
        expYear: card.expYear,
        funding: card.funding,
        fromNonce: card.entry !== null,
      },
      payer: customer
        ? payerColumns(customer)
        : { customerId: null, firstName: null, lastName: null, email: null, phone: null },
      note: request.note || null,
      storeCard: request.storeCard,
      paymentRequestId: null,
    });
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
  return deskResult(ctx, recorded);
}
