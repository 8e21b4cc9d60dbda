/**
 * A card charge in three steps, so that no database transaction is open while the card provider is
 * called (PGlite is one connection, shared with the test provider), and so that a charge cut off by a
 * server that stopped is recorded once. Every call that charges a card goes through it: payment plans
 * (payment-plans/charges.ts) and memberships (memberships/charges.ts) charge a card on file and keep
 * the claim on their record; the virtual terminal and the payment page charge a card entered for the
 * request and keep the claim on a row of its own (transactions/requestCharges.ts). Each holder says
 * where its claim lives, which card it charges, what a payment is for and how its outcome changes
 * the record; the rows of the payment (its transaction and ledger item) are built here, the same for
 * all (chargeRecord.ts), so that one writer holds for their content. (It served cards on
 * file only until issue 30; a desk or page charge cut off by a stopped server was then made and never
 * recorded. The holder's `card` is what made it general: one protocol, one recovery pass and one set
 * of test seams for every charge, rather than a second protocol for the cards entered at once.)
 *
 * 1. claim: the record's `pendingCharge` holds the charge (idempotency key, card, amounts) under the
 *    record's row lock, before the provider is called. A record has one charge under way at a time; a
 *    second one is refused while it is (the holder's `chargeInProgress` words).
 * 2. charge: the provider is called with the claim's key, so that the same try is the same charge at
 *    the provider, whoever makes it.
 * 3. record: in one database transaction, the claim ends (if it is still this one: a replay may have
 *    recorded it first), the charge's rows are written (its transaction and, for a plan or a
 *    membership, its ledger item: chargeRecord.ts, from what the holder says the payment is for),
 *    and the holder writes the record's change.
 *
 * If the server stops between 1 and 3, or the provider's answer is lost (timeout, 5xx), the claim
 * stays. Once it is stale, the billing run (`recoverStale`) or the next charge of the record replays
 * it with the stored key: the provider charges once (stopped before the charge) or answers with the
 * first outcome (stopped after it), and that outcome is recorded. Each server start runs that
 * recovery for every holder (`interruptedChargesJob`, jobs/index.ts), so a charge made at the provider
 * is recorded whether or not anyone sends its request again. A claim is stale once its lease has
 * run out, or at once when the server process that took it (its `owner`, a boot id) is no longer
 * alive (server/instances.ts): a server killed in the middle of a billing run leaves nothing that
 * waits out the lease after its restart, or on another instance. A definite refusal by the provider
 * (4xx) ends the claim at once.
 *
 * A charge a request asked for (the virtual terminal, the payment page, Make a Payment, Restart
 * Membership, an enrolment's first cycle) has a key of its own, derived from the request's
 * Idempotency-Key or from the record the request made. When the request is run again (its server
 * stopped while running it: http/route.ts), that key finds what the first run did, lease or not: its
 * claim is replayed, or the payment it recorded (the transaction's `chargeKey`) is the answer.
 */
import { CardProviderError } from '../card-provider/gateway.js';
import type { AppContext, ChargeResult } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { BusinessError } from '../errors.js';
import { findPractice, type PracticeRecord } from '../practices/store.js';
import { findCard, type SavedCardRecord } from '../saved-cards/store.js';
import { recordCardCharge, type ChargedCard, type ChargePayment } from './chargeRecord.js';
import { findTransactionByChargeKey, findTransactionByReference, type TransactionRecord } from './store.js';

/** How long a claim protects a charge under way (wall time: a lease, not a business date). */
export const CHARGE_LEASE_MS = 2 * 60_000;

/** What every claim holds; a holder adds what its record needs to record the outcome. */
export interface PendingCharge {
  /** The provider idempotency key: a replay with it is the same charge. */
  key: string;
  /** Wall-clock time the claim was taken (a lease, not a business date). */
  startedAt: string;
  /** The boot id of the process that took the claim; absent on claims taken before it was kept. */
  owner?: string;
  orderAmount: number;
  surchargeAmount: number;
}

/** The card a claim charges, as a transaction records it. A card on file (SavedCardRecord) is one. */
export interface ChargeCard extends ChargedCard {
  providerToken: string;
}

/**
 * What a claim's `build` answers: the charge to claim, and the card it read to price it (with the
 * practice, when it read that too). The charge is made with these rather than read again: what it
 * uses of them (the card's token and details, the practice's business id) does not change once the
 * card is stored. A claim replayed later (`recoverStale`, a request run again) reads them.
 */
export interface Claim<P extends PendingCharge, C extends ChargeCard = SavedCardRecord> {
  charge: Omit<P, 'startedAt' | 'owner'>;
  card?: C;
  practice?: PracticeRecord;
}

/** Step 3's answer from the holder: what the payment is for, and the record's change once it is written. */
export interface Recording<Out> {
  payment: ChargePayment;
  /** The record's change, in the same database transaction, for the payment just recorded. */
  apply(recorded: { transaction: TransactionRecord; result: ChargeResult; at: Date }): Promise<Out>;
}

/** The card of a claim on a card on file (plans, memberships): the card, as long as it exists. */
export const cardOnFile = (db: Db | Tx, practice: PracticeId, pending: { savedCardId: number }) =>
  findCard(db, practice, pending.savedCardId);

interface ClaimRecord<P extends PendingCharge> {
  id: number;
  companyId: number;
  pendingCharge: P | null;
}

/**
 * Where a kind of record keeps its claim, which card it charges, what its payments are for and how
 * an outcome changes it.
 */
export interface ChargeHolder<
  R extends ClaimRecord<P>,
  P extends PendingCharge,
  Out,
  C extends ChargeCard = SavedCardRecord,
> {
  /** For the log. */
  name: string;
  /** The record, under its row lock; throws the holder's not-found error for another practice's. */
  lock(tx: Tx, practice: PracticeId, id: number): Promise<R>;
  find(db: Db | Tx, practice: PracticeId, id: number): Promise<R | null>;
  setPending(db: Db | Tx, practice: PracticeId, id: number, pending: P | null): Promise<unknown>;
  /** Every record with a claim, over every practice (the billing run's recovery). */
  withPending(db: Db): Promise<R[]>;
  refusals: { chargeInProgress: string; noCard: string };
  /** The card the claim charges; null when it is gone (the claim ends, refused with `noCard`). */
  card(db: Db, practice: PracticeId, pending: P): Promise<C | null>;
  /**
   * Step 3's start: ends the claim `key` in the database transaction that records its charge, and
   * answers the record, under its lock; null when the record holds that claim no more (a replay of
   * the same charge recorded it first).
   */
  endClaim(tx: Tx, practice: PracticeId, id: number, key: string): Promise<R | null>;
  /** Step 3, once the claim ended: what the payment is for, and the record's change (`Recording`). */
  recording(ctx: AppContext, tx: Tx, r: R, pending: P): Promise<Recording<Out>>;
  /** After the outcome is committed: the live events. */
  announce(ctx: AppContext, out: Out): void;
  /** The outcome of a charge recorded earlier, as `apply` answered it, from its payment and the record now. */
  recordedOutcome(r: R, transaction: TransactionRecord): Out;
  /** The holder's test seams, read at each charge (null in the product). */
  seams?: ChargeSeams<P>;
}

/** Whether nobody may still finish the claim: its lease ran out, or the process that took it is gone. */
async function isStale(ctx: AppContext, pending: PendingCharge) {
  if (Date.now() - Date.parse(pending.startedAt) > CHARGE_LEASE_MS) return true;
  return pending.owner !== undefined && !(await ctx.instance.isAlive(pending.owner));
}

export function claimedCharges<
  R extends ClaimRecord<P>,
  P extends PendingCharge,
  Out,
  C extends ChargeCard = SavedCardRecord,
>(holder: ChargeHolder<R, P, Out, C>) {
  async function release(ctx: AppContext, practice: PracticeId, id: number, key: string) {
    const r = await holder.find(ctx.db, practice, id);
    if (r?.pendingCharge?.key !== key) return;
    await holder.setPending(ctx.db, practice, id, null);
  }

  /** Step 3: the claim ends, and the charge's rows and the record's change are written, in one transaction. */
  function record(ctx: AppContext, r: R, pending: P, result: ChargeResult, card: C): Promise<Out> {
    const practice = practiceOfRecord(r);
    const at = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const recorded = async (current: R) => {
        const transaction = await findTransactionByReference(tx, practice, result.referenceId);
        if (!transaction) throw new BusinessError(holder.refusals.chargeInProgress);
        return holder.recordedOutcome(current, transaction);
      };
      const current = await holder.endClaim(tx, practice, r.id, pending.key);
      // Recorded meanwhile (a replay of the same charge finished first): the same answer.
      if (!current) return recorded((await holder.find(tx, practice, r.id)) ?? r);
      const { payment, apply } = await holder.recording(ctx, tx, current, pending);
      const transaction = await recordCardCharge(tx, practice, { pending, result, card, payment, at });
      if (!transaction) return recorded(current);
      return apply({ transaction, result, at });
    });
  }

  /** Steps 2 and 3 for a claimed charge (with the card and practice its claim read, if it did). */
  async function run(
    ctx: AppContext,
    r: R,
    pending: P,
    read: Omit<Claim<P, C>, 'charge'> = {},
  ): Promise<Out> {
    const seams = holder.seams ?? {};
    const practice = practiceOfRecord(r);
    await seams.afterClaim?.(pending);
    const company = read.practice ?? (await findPractice(ctx.db, practice));
    const card = read.card ?? (await holder.card(ctx.db, practice, pending));
    if (!company || !card) {
      await release(ctx, practice, r.id, pending.key);
      throw new BusinessError(holder.refusals.noCard);
    }
    let result: ChargeResult;
    try {
      result = await ctx.cards.charge({
        businessId: company.businessId,
        token: card.providerToken,
        amount: pending.orderAmount + pending.surchargeAmount,
        idempotencyKey: pending.key,
      });
    } catch (error) {
      // A refusal is final; a lost answer may hide a charge, so the claim waits for a replay.
      if (error instanceof CardProviderError && error.status < 500)
        await release(ctx, practice, r.id, pending.key);
      throw error;
    }
    await seams.afterCharge?.(pending);
    const out = await record(ctx, r, pending, result, card);
    holder.announce(ctx, out);
    await seams.afterRecord?.(pending);
    return out;
  }

  /** Replays a claimed charge with its key and records it (a provider that still fails leaves it claimed). */
  async function settle(ctx: AppContext, r: R) {
    const pending = r.pendingCharge;
    if (!pending) return;
    try {
      await run(ctx, r, pending);
    } catch (error) {
      ctx.log.warn(
        { err: error, [`${holder.name}Id`]: r.id, key: pending.key },
        `replaying a ${holder.name} charge failed`,
      );
    }
  }

  return {
    /**
     * Steps 1 to 3: claims the record for the charge `build` describes (under the row lock: `build`
     * refuses what may not be charged), then charges and records it. A stale claim left by an earlier
     * charge is settled first.
     *
     * `ownKey`: the key `build` gives when the charge is a request's own (from its Idempotency-Key).
     * A payment recorded with it is answered, and a claim with it is replayed at once: it is this
     * request's, left by a run that stopped, and the same key is the same charge at the provider.
     */
    async charge(
      ctx: AppContext,
      practice: PracticeId,
      id: number,
      build: (tx: Tx, r: R) => Promise<Claim<P, C>>,
      ownKey?: string,
    ): Promise<Out> {
      type Step = { r: R; pending: P | null; read?: Omit<Claim<P, C>, 'charge'>; done?: Out };
      for (let round = 0; round < 2; round++) {
        const outcome = await ctx.db.transaction(async (tx): Promise<Step> => {
          const r = await holder.lock(tx, practice, id);
          if (ownKey) {
            const recorded = await findTransactionByChargeKey(tx, practice, ownKey);
            if (recorded) return { r, pending: null, done: holder.recordedOutcome(r, recorded) };
            if (r.pendingCharge?.key === ownKey) return { r, pending: r.pendingCharge };
          }
          if (r.pendingCharge) {
            if (await isStale(ctx, r.pendingCharge)) return { r, pending: null };
            throw new BusinessError(holder.refusals.chargeInProgress);
          }
          const { charge, ...read } = await build(tx, r);
          const pending = { ...charge, startedAt: new Date().toISOString(), owner: ctx.instance.bootId } as P;
          await holder.setPending(tx, practice, r.id, pending);
          return { r, pending, read };
        });
        if (outcome.done) return outcome.done;
        if (outcome.pending) return run(ctx, outcome.r, outcome.pending, outcome.read);
        await settle(ctx, outcome.r);
      }
      throw new BusinessError(holder.refusals.chargeInProgress);
    },

    /**
     * The recovery pass (each server start, and the billing runs' first step): charges whose claim
     * outlived its lease, or whose server stopped, are replayed and recorded.
     */
    async recoverStale(ctx: AppContext) {
      for (const r of await holder.withPending(ctx.db)) {
        if (r.pendingCharge && (await isStale(ctx, r.pendingCharge))) await settle(ctx, r);
      }
    },
  };
}

/**
 * Test seams: the API tests stop a charge between its claim and the provider call (`afterClaim`),
 * between the provider's answer and its record (`afterCharge`), or after its record, before the
 * request's answer is written (`afterRecord`), as a server killed there would (by throwing, or by
 * never returning while the test kills the process).
 */
export interface ChargeSeams<P> {
  afterClaim?: ((pending: P) => void | Promise<void>) | null;
  afterCharge?: ((pending: P) => void | Promise<void>) | null;
  afterRecord?: ((pending: P) => void | Promise<void>) | null;
}
