/**
 * The virtual terminal: staff take a card payment at the desk, for a patient or for nobody yet (an
 * unassociated payment, to be associated later). The surcharge is disclosed first (`quote`) and the
 * charge takes exactly the total that was shown, or refuses without charging.
 *
 * A card is one on file, or a new one from the card-entry frame: its card entry (saved-cards'
 * cardEntries.ts), which the first call that meets the nonce (the quote, or the charge when there was
 * none) makes. The charge redeems the entry under its Idempotency-Key before the provider is asked,
 * so one card entry is charged once: another key with the same nonce is refused (409), charging
 * nothing. The provider is called outside any database transaction (PGlite is one connection, shared
 * with the test provider); the charge's idempotency key derives from the request's, so a retry is
 * the same charge at the provider and the same row here.
 */
import type * as contract from '../../embed-sdk/contract/transaction.js';
import { displayedTransactionId } from '../card-provider/reference.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext, ChargeResult, TokenizedCard } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { cardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import { deskTotalChangedMessage } from '../domain/transactions/virtualTerminal.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { customerOrNotFound } from '../patients/customers.js';
import type { CustomerRecord } from '../patients/store.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { cardEntry, redeemCardEntry, type CardEntry } from '../saved-cards/cardEntries.js';
import { findCard, storeCard } from '../saved-cards/store.js';
import { announceTransaction, payerColumns } from './announce.js';
import { describeTransactions } from './list.js';
import { findTransactionByReference, recordTransactionOnce } from './store.js';

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

/** Charges a card at the desk exactly the quoted total, and records the VIRTUALTERMINAL payment. */
export async function takeDeskPayment(
  ctx: AppContext,
  practice: PracticeId,
  request: DeskRequest & { total: number; note?: string; storeCard: boolean; requestKey: string },
): Promise<contract.VirtualTerminalResult> {
  const { company, customer, card, quote } = await payerAndCard(ctx, practice, request, 'charge');
  if (request.total !== quote.total) throw new BusinessError(deskTotalChangedMessage(quote));
  // A new card's entry is this charge's, once: a second charge of the nonce stops here, uncharged.
  if (card.entry) await redeemCardEntry(ctx.db, card.entry, ctx.clock.now(), request.requestKey);
  let result: ChargeResult;
  try {
    result = await ctx.cards.charge({
      businessId: company.businessId,
      token: card.token,
      amount: quote.total,
      idempotencyKey: `virtualterminal:${practice}:${request.requestKey}`,
    });
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
  const now = ctx.clock.now();
  const note = request.note || null;
  const transaction = await ctx.db.transaction(async (tx) => {
    const inserted = await recordTransactionOnce(tx, practice, {
      ...(customer
        ? payerColumns(customer)
        : { customerId: null, firstName: null, lastName: null, email: null, phone: null }),
      referenceId: result.referenceId,
      transactionResultId: result.transactionResultId,
      status: result.approved ? 'APPROVED' : 'DECLINED',
      reason: result.reason,
      amount: quote.total,
      orderAmount: quote.orderAmount,
      surchargeAmount: quote.surchargeAmount,
      fundingSource: 'CARD',
      cardType: card.cardType,
      cardDescription: card.description,
      expMonth: String(card.expMonth),
      expYear: String(card.expYear),
      resultMetaData: { funding: card.funding },
      source: 'VIRTUALTERMINAL',
      created: now,
      note,
      noteLabel: note ? 'Note' : null,
    });
    // Recorded already: a replay of the same charge (same key) finished first.
    if (!inserted) return (await findTransactionByReference(tx, practice, result.referenceId))!;
    if (request.storeCard && result.approved && customer && card.entry) {
      await storeCard(tx, practice, { customerId: customer.id, card, isDefault: false, at: now });
    }
    return inserted;
  });
  announceTransaction(ctx, transaction);
  const [described] = await describeTransactions(ctx, [transaction], { rows: 1, capped: false });
  return {
    isApproved: result.approved,
    reason: result.reason,
    referenceId: result.referenceId,
    transactionId: displayedTransactionId(result.referenceId),
    orderAmount: quote.orderAmount,
    surchargeAmount: quote.surchargeAmount,
    total: quote.total,
    transaction: described!,
  };
}
