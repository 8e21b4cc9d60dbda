/**
 * Charging a membership's card on file: a cycle on its billing date (the billing run, or the first
 * cycle at enrolment), a declined cycle's retry, a payment toward the balance (Make Payment For,
 * Process Past Due), or the restart of an expired yearly membership.
 *
 * Each is a claimed charge (transactions/claimedCharge.ts: claim, charge, record, with a lease and a
 * replay by the stored key), as payment plans charge. A cycle's key is derived from the membership,
 * its billing date and the attempt (the rules' `membershipChargeKey`), a retry's from the declined
 * date and the retry's number: billing twice on a day is the same charge at the provider, whoever
 * makes it. Here: what each charge claims, and how its outcome changes the membership.
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PendingMembershipCharge } from '../db/schema/memberships.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import {
  cardOnFile,
  claimedCharges,
  type ChargeSeams,
  type Recording,
} from '../transactions/claimedCharge.js';
import { addMonths } from '../domain/calendarDates.js';
import { membershipChargeKey } from '../../embed-sdk/rules/memberships.js';
import {
  declinedCycle,
  declinedRetry,
  paidDown,
  termsAfterBilling,
} from '../domain/memberships/billingChanges.js';
import { reactivationOfRecord } from '../domain/memberships/terms.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { raiseNotification } from '../notifications/store.js';
import { findCustomer } from '../patients/store.js';
import { findPractice } from '../practices/store.js';
import { findCard } from '../saved-cards/store.js';
import { announceTransaction, payerColumns } from '../transactions/announce.js';
import type { TransactionRecord } from '../transactions/store.js';
import { publishMembershipChanged } from './events.js';
import {
  endMembershipClaim,
  findMembership,
  membershipsWithPendingCharge,
  updateLockedMembership,
  updateMembership,
  type MembershipChanges,
  type MembershipRecord,
} from './store.js';
import { addLedgerItem } from '../transactions/paymentLedger.js';
import { cycleSurcharge } from './view.js';

export const MEMBERSHIP_REFUSALS = {
  chargeInProgress: 'A payment for this membership is being processed. Please try again in a moment.',
  noCard: 'This membership has no card on file. Attach a card first.',
  notActive: 'This membership is not active.',
  noBalance: 'This membership has no past-due balance.',
  notExpiredYearly:
    'Only a yearly membership that expired, or was canceled and is past the year it paid for, can be restarted.',
} as const;

export const NO_CARD_REASON = 'No card on file.';

/** Whether a charge was refused for want of a usable card on file (the billing run then misses it). */
export const isNoCardRefusal = (error: unknown) =>
  error instanceof BusinessError && error.message === MEMBERSHIP_REFUSALS.noCard;

/** Test seam: the API tests stop a charge where a killed server would (transactions/claimedCharge.ts). */
export const chargeSeam: Required<ChargeSeams<PendingMembershipCharge>> = {
  afterClaim: null,
  afterCharge: null,
  afterRecord: null,
};

export type ChargeKind = PendingMembershipCharge['kind'];

export interface RecordedCharge {
  transaction: TransactionRecord;
  approved: boolean;
  reason: string | null;
}

/** The card that pays the membership, active; a refusal otherwise. */
export async function membershipCard(db: Parameters<typeof findCard>[0], r: MembershipRecord) {
  const card = r.customerSavedCardId ? await findCard(db, practiceOfRecord(r), r.customerSavedCardId) : null;
  if (!card?.isActive) throw new BusinessError(MEMBERSHIP_REFUSALS.noCard);
  return card;
}

/**
 * A card staff chose for the membership (Change Card, Restart Membership's Use Another Card): one of
 * its holder's active cards, locked until the change commits; another patient's, another practice's
 * or a removed card is not found.
 */
export async function holderCard(tx: Tx, r: MembershipRecord, cardId: number) {
  const card = await findCard(tx, practiceOfRecord(r), cardId, { lock: true });
  if (!card?.isActive || card.customerId !== r.customerId) throw new NotFoundError('The card');
  return card;
}

const DESCRIPTIONS: Record<ChargeKind, (cycle: string) => string> = {
  BILLING: (cycle) => `${cycle === 'MONTHLY' ? 'Monthly' : 'Yearly'} membership payment`,
  ENROLL: (cycle) => `${cycle === 'MONTHLY' ? 'Monthly' : 'Yearly'} membership payment`,
  RETRY: () => 'Past-due membership payment (retry)',
  PAYMENT: () => 'Membership payment',
  RESTART: () => 'Yearly membership payment (restarted)',
};

/** A declined cycle: the balance grows, a retry is scheduled if none is, and the bell says so. */
async function declineCycle(tx: Tx, r: MembershipRecord, billingDate: string, amount: number, now: Date) {
  const practice = practiceOfRecord(r);
  const changes = declinedCycle(r, billingDate, amount);
  const updated = await updateMembership(tx, practice, r.id, changes);
  await raiseNotification(tx, practice, {
    type: 'MEMBERSHIP_PASTDUE',
    customerMembershipBillingId: r.id,
    amountDue: changes.balance,
    dateTime: now,
  });
  return updated!;
}

/**
 * A cycle that cannot be charged (no usable card): declined as the provider would, so the balance,
 * the retry and the bell follow; the billing date moves on.
 */
export async function recordMissedCycle(
  ctx: AppContext,
  r: MembershipRecord,
  billingDate: string,
  reason: string,
) {
  const practice = practiceOfRecord(r);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await findMembership(tx, practice, r.id, { lock: true });
    if (
      !current ||
      current.status !== 'ACTIVE' ||
      current.pendingCharge ||
      current.nextBillingDate !== billingDate
    )
      return null;
    await addLedgerItem(tx, practice, {
      customerMembershipBillingId: r.id,
      kind: 'PAYMENT',
      dateTime: now,
      description: DESCRIPTIONS.BILLING(current.cycle),
      fundingSource: 'CARD',
      amount: current.amount,
      orderAmount: current.amount,
      surcharge: 0,
      status: 'DECLINED',
      reason,
    });
    const billed = await updateLockedMembership(tx, current, termsAfterBilling(current, billingDate));
    return declineCycle(tx, billed, billingDate, current.amount, now);
  });
  if (updated) publishMembershipChanged(ctx, updated);
  return updated;
}

/** A retry that cannot be made (no usable card) counts as a declined retry. */
export async function recordMissedRetry(ctx: AppContext, r: MembershipRecord) {
  const practice = practiceOfRecord(r);
  await ctx.db.transaction(async (tx) => {
    const current = await findMembership(tx, practice, r.id, { lock: true });
    if (!current || current.pendingCharge || current.declinedBillingDate === null) return;
    await afterDeclinedRetry(tx, current, ctx.clock.now());
  });
}

async function afterDeclinedRetry(tx: Tx, r: MembershipRecord, now: Date) {
  const practice = practiceOfRecord(r);
  const changes = declinedRetry(r);
  const updated = (await updateMembership(tx, practice, r.id, changes))!;
  if (changes.retriesExhausted) {
    // The schedule ran out: the bell says the balance is still past due, and no retry follows.
    await raiseNotification(tx, practice, {
      type: 'MEMBERSHIP_PASTDUE',
      customerMembershipBillingId: r.id,
      amountDue: r.balance,
      dateTime: now,
    });
  }
  return updated;
}

/** What a membership's charge pays (its ledger item), and how its outcome changes the membership. */
async function recording(
  ctx: AppContext,
  tx: Tx,
  r: MembershipRecord,
  pending: PendingMembershipCharge,
): Promise<Recording<RecordedCharge & { membership: MembershipRecord }>> {
  const today = ctx.clock.today();
  const customer = (await findCustomer(tx, practiceOfRecord(r), r.customerId))!;
  // `r` is the row this transaction locked as it ended the claim: the change is one write, with no read again.
  const change = (changes: MembershipChanges) => updateLockedMembership(tx, r, changes);
  return {
    payment: {
      payer: payerColumns(customer),
      source: 'MEMBERSHIP',
      note: null,
      ledger: { customerMembershipBillingId: r.id, description: DESCRIPTIONS[pending.kind](r.cycle) },
    },
    async apply({ transaction, result, at: now }) {
      let current = r;
      switch (pending.kind) {
        case 'BILLING':
        case 'ENROLL': {
          const date = pending.billingDate!;
          if (r.nextBillingDate === date) current = await change(termsAfterBilling(r, date));
          if (!result.approved) current = await declineCycle(tx, current, date, pending.orderAmount, now);
          break;
        }
        case 'RETRY':
          if (result.approved) current = await change(paidDown(r, pending.orderAmount));
          else current = await afterDeclinedRetry(tx, current, now);
          break;
        case 'PAYMENT':
          if (result.approved) current = await change(paidDown(r, pending.orderAmount));
          break;
        case 'RESTART':
          if (result.approved) {
            current = await change({
              // The card that paid is the card on file from now on (another one when staff chose it).
              customerSavedCardId: pending.savedCardId,
              status: 'ACTIVE',
              startDate: today,
              nextBillingDate: addMonths(today, 12),
              expiredDate: null,
              cancelledDate: null,
              renewalMode: 'YEARLY',
              expiringNoticeFor: null,
            });
          }
          break;
      }
      return { transaction, approved: result.approved, reason: result.reason, membership: current };
    },
  };
}

const claimed = claimedCharges({
  name: 'membership',
  async lock(tx, practice, id) {
    const r = await findMembership(tx, practice, id, { lock: true });
    if (!r) throw new NotFoundError('The membership');
    return r;
  },
  find: (db, practice, id) => findMembership(db, practice, id),
  setPending: (db, practice, id, pendingCharge) => updateMembership(db, practice, id, { pendingCharge }),
  withPending: membershipsWithPendingCharge,
  refusals: MEMBERSHIP_REFUSALS,
  card: cardOnFile,
  endClaim: endMembershipClaim,
  recording,
  announce(ctx, recorded) {
    announceTransaction(ctx, recorded.transaction);
    publishMembershipChanged(ctx, recorded.membership);
  },
  recordedOutcome: (membership, transaction) => ({
    transaction,
    approved: transaction.status === 'APPROVED',
    reason: transaction.reason,
    membership,
  }),
  seams: chargeSeam,
});

/**
 * Charges the cycle billed on `billingDate` (the billing run, or the first cycle of an enrolment).
 *
 * An enrolment's first charge is its request's own (the membership it made or completed is found by
 * the request's Idempotency-Key: enroll.ts): run again after its server stopped, the request answers
 * the payment recorded under the cycle's key, or replays its claim, as Make Payment For does. The
 * key stays the cycle's, so that the billing run, which takes up a first charge that failed, makes
 * the same charge at the provider.
 */
export async function chargeCycle(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  billingDate: string,
  kind: 'BILLING' | 'ENROLL' = 'BILLING',
) {
  const ownKey = kind === 'ENROLL' ? membershipChargeKey(id, billingDate) : undefined;
  return claimed.charge(
    ctx,
    practice,
    id,
    async (tx, r) => {
      if (r.status !== 'ACTIVE') throw new BusinessError(MEMBERSHIP_REFUSALS.notActive);
      if (r.nextBillingDate !== billingDate)
        throw new BusinessError('This payment has already been processed.');
      const card = await membershipCard(tx, r);
      const company = (await findPractice(tx, practice))!;
      return {
        charge: {
          key: membershipChargeKey(r.id, billingDate),
          kind,
          billingDate,
          savedCardId: card.id,
          orderAmount: r.amount,
          surchargeAmount: cycleSurcharge(r.amount, company, card.funding).surchargeAmount,
        },
        card,
        practice: company,
      };
    },
    ownKey,
  );
}

/** Retries the declined balance on its retry day. */
export async function chargeRetry(ctx: AppContext, practice: PracticeId, id: number) {
  return claimed.charge(ctx, practice, id, async (tx, r) => {
    if (r.status !== 'ACTIVE') throw new BusinessError(MEMBERSHIP_REFUSALS.notActive);
    if (r.balance <= 0 || r.declinedBillingDate === null)
      throw new BusinessError(MEMBERSHIP_REFUSALS.noBalance);
    const card = await membershipCard(tx, r);
    const company = (await findPractice(tx, practice))!;
    return {
      charge: {
        // The declined billing was attempt 1; its retries are 2, 3…
        key: membershipChargeKey(r.id, r.declinedBillingDate, r.retryCount + 2),
        kind: 'RETRY',
        billingDate: r.declinedBillingDate,
        savedCardId: card.id,
        orderAmount: r.balance,
        surchargeAmount: cycleSurcharge(r.balance, company, card.funding).surchargeAmount,
      },
      card,
      practice: company,
    };
  });
}

/** Make Payment For / Process Past Due: an amount on the card on file, past due first. */
export async function chargePayment(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  input: { amount: number; requestKey: string },
) {
  const key = `membership-payment:${id}:${input.requestKey}`;
  return claimed.charge(
    ctx,
    practice,
    id,
    async (tx, r) => {
      if (r.status !== 'ACTIVE') throw new BusinessError(MEMBERSHIP_REFUSALS.notActive);
      const card = await membershipCard(tx, r);
      const company = (await findPractice(tx, practice))!;
      return {
        charge: {
          key,
          kind: 'PAYMENT',
          billingDate: null,
          savedCardId: card.id,
          orderAmount: input.amount,
          surchargeAmount: cycleSurcharge(input.amount, company, card.funding).surchargeAmount,
        },
        card,
        practice: company,
      };
    },
    key,
  );
}

/**
 * Restart Membership: an expired yearly membership, or a canceled one past the year it paid for
 * (the rules' `reactivationOf`), is charged a year and starts today, on the card
 * on file or on another active card of its holder (`cardId`), which becomes the card on file once
 * approved (recordCharge). Another patient's or practice's card, or a removed one, is not found.
 */
export async function chargeRestart(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  input: { requestKey: string; cardId?: number | undefined },
) {
  const key = `membership-restart:${id}:${input.requestKey}`;
  return claimed.charge(
    ctx,
    practice,
    id,
    async (tx, r) => {
      if (reactivationOfRecord(r, ctx.clock.today())?.kind !== 'RESTART')
        throw new BusinessError(MEMBERSHIP_REFUSALS.notExpiredYearly);
      const card =
        input.cardId === undefined ? await membershipCard(tx, r) : await holderCard(tx, r, input.cardId);
      const company = (await findPractice(tx, practice))!;
      return {
        charge: {
          key,
          kind: 'RESTART',
          billingDate: ctx.clock.today(),
          savedCardId: card.id,
          orderAmount: r.amount,
          surchargeAmount: cycleSurcharge(r.amount, company, card.funding).surchargeAmount,
        },
        card,
        practice: company,
      };
    },
    key,
  );
}

/** The billing run's first step: charges whose claim outlived its lease are replayed and recorded. */
export const recoverStaleCharges = (ctx: AppContext) => claimed.recoverStale(ctx);
