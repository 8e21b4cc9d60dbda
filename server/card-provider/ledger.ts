/**
 * Sales, refunds and voids. Each operation's reference id is derived from its idempotency key
 * (see reference.ts), so a repeat finds the first row and answers with it.
 *
 * The main server calls the provider while its own requests run, and PGlite is one connection:
 * every transaction here holds only a few short statements and never waits on anything else.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db, Tx } from '../db/client.js';
import { providerCharges } from '../db/schema/index.js';
import type { ChargeStatusAnswer, OperationAnswer } from './api-schema.js';
import { ProviderError } from './errors.js';
import { saleOutcome } from './outcome.js';
import {
  displayedTransactionId,
  referenceIdFor,
  transactionResultIdFor,
  type OperationKind,
} from './reference.js';
import { isSettled, settlementCutOff } from './settlement.js';
import { findCard } from './vault.js';

type ChargeRow = typeof providerCharges.$inferSelect;

function answer(referenceId: string, approved: boolean, reason: string | null): OperationAnswer {
  return { approved, referenceId, transactionResultId: transactionResultIdFor(referenceId), reason };
}

function reusedKey(): ProviderError {
  return new ProviderError(
    409,
    'IDEMPOTENCY_KEY_REUSED',
    'This idempotency key was already used for a different request.',
  );
}

export async function sale(
  db: Db,
  clock: Pick<Clock, 'now'>,
  input: { businessId: string; token: string; amount: number; idempotencyKey: string },
): Promise<OperationAnswer> {
  const card = await findCard(db, input.businessId, input.token);
  if (!card) throw new ProviderError(404, 'UNKNOWN_TOKEN', 'There is no card with this token.');
  const referenceId = referenceIdFor(input.businessId, 'SALE', input.idempotencyKey);
  const now = clock.now();
  const outcome = saleOutcome(card, now);
  const inserted = await db
    .insert(providerCharges)
    .values({
      referenceId,
      businessId: input.businessId,
      token: input.token,
      kind: 'SALE',
      amount: input.amount,
      approved: outcome.approved,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ referenceId: providerCharges.referenceId });
  if (inserted.length > 0) return answer(referenceId, outcome.approved, outcome.reason);

  const [first] = await db.select().from(providerCharges).where(eq(providerCharges.referenceId, referenceId));
  if (!first || first.kind !== 'SALE' || first.token !== input.token || first.amount !== input.amount) {
    throw reusedKey();
  }
  // The outcome depends only on the card and the sale's time: recompute the first answer's reason.
  const firstOutcome = saleOutcome(card, first.createdAt);
  return answer(
    referenceId,
    first.approved,
    first.approved ? null : (firstOutcome.reason ?? 'Card declined'),
  );
}

/** The sale, locked until the transaction ends, so refunds and voids of one sale run one at a time. */
async function lockSale(tx: Tx, businessId: string, referenceId: string): Promise<ChargeRow> {
  const [row] = await tx
    .select()
    .from(providerCharges)
    .where(
      and(
        eq(providerCharges.referenceId, referenceId),
        eq(providerCharges.businessId, businessId),
        eq(providerCharges.kind, 'SALE'),
      ),
    )
    .for('update');
  if (!row) throw new ProviderError(404, 'UNKNOWN_SALE', 'There is no sale with this reference id.');
  return row;
}

async function followUps(db: Db | Tx, saleReferenceId: string) {
  const rows = await db
    .select({ kind: providerCharges.kind, total: sql<string>`coalesce(sum(${providerCharges.amount}), 0)` })
    .from(providerCharges)
    .where(and(eq(providerCharges.parentReferenceId, saleReferenceId), eq(providerCharges.approved, true)))
    .groupBy(providerCharges.kind);
  const total = (kind: OperationKind) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { refunded: total('REFUND'), voided: rows.some((r) => r.kind === 'VOID') };
}

/** A repeat of an earlier refund or void: the same key must mean the same request. */
async function replay(
  tx: Tx,
  referenceId: string,
  expected: { kind: OperationKind; parentReferenceId: string; amount: number | null },
): Promise<OperationAnswer | null> {
  const [first] = await tx.select().from(providerCharges).where(eq(providerCharges.referenceId, referenceId));
  if (!first) return null;
  if (
    first.kind !== expected.kind ||
    first.parentReferenceId !== expected.parentReferenceId ||
    (expected.amount !== null && first.amount !== expected.amount)
  ) {
    throw reusedKey();
  }
  return answer(referenceId, first.approved, null);
}

export async function refund(
  db: Db,
  clock: Pick<Clock, 'now'>,
  input: { businessId: string; referenceId: string; amount: number; idempotencyKey: string },
): Promise<OperationAnswer> {
  const referenceId = referenceIdFor(input.businessId, 'REFUND', input.idempotencyKey);
  return db.transaction(async (tx) => {
    const parent = await lockSale(tx, input.businessId, input.referenceId);
    const repeated = await replay(tx, referenceId, {
      kind: 'REFUND',
      parentReferenceId: parent.referenceId,
      amount: input.amount,
    });
    if (repeated) return repeated;
    if (!parent.approved) {
      throw new ProviderError(409, 'SALE_DECLINED', 'A declined sale cannot be refunded.');
    }
    const { refunded, voided } = await followUps(tx, parent.referenceId);
    if (voided) throw new ProviderError(409, 'SALE_VOIDED', 'The sale was voided.');
    const now = clock.now();
    if (!isSettled(parent.createdAt, now)) {
      throw new ProviderError(409, 'SALE_NOT_SETTLED', 'The sale is not settled yet: void it instead.');
    }
    const refundable = parent.amount - refunded;
    if (input.amount > refundable) {
      throw new ProviderError(
        409,
        'EXCEEDS_REFUNDABLE',
        `The refund exceeds what is left to refund (${refundable} cents).`,
      );
    }
    await tx.insert(providerCharges).values({
      referenceId,
      businessId: input.businessId,
      token: parent.token,
      kind: 'REFUND',
      amount: input.amount,
      approved: true,
      parentReferenceId: parent.referenceId,
      createdAt: now,
    });
    return answer(referenceId, true, null);
  });
}

export async function voidSale(
  db: Db,
  clock: Pick<Clock, 'now'>,
  input: { businessId: string; referenceId: string; idempotencyKey: string },
): Promise<OperationAnswer> {
  const referenceId = referenceIdFor(input.businessId, 'VOID', input.idempotencyKey);
  return db.transaction(async (tx) => {
    const parent = await lockSale(tx, input.businessId, input.referenceId);
    const repeated = await replay(tx, referenceId, {
      kind: 'VOID',
      parentReferenceId: parent.referenceId,
      amount: null,
    });
    if (repeated) return repeated;
    if (!parent.approved) throw new ProviderError(409, 'SALE_DECLINED', 'A declined sale cannot be voided.');
    const { voided } = await followUps(tx, parent.referenceId);
    if (voided) throw new ProviderError(409, 'SALE_VOIDED', 'The sale was already voided.');
    const now = clock.now();
    if (isSettled(parent.createdAt, now)) {
      throw new ProviderError(409, 'SALE_SETTLED', 'The sale is settled: refund it instead.');
    }
    await tx.insert(providerCharges).values({
      referenceId,
      businessId: input.businessId,
      token: parent.token,
      kind: 'VOID',
      amount: parent.amount,
      approved: true,
      parentReferenceId: parent.referenceId,
      createdAt: now,
    });
    return answer(referenceId, true, null);
  });
}

export async function chargeStatus(
  db: Db,
  clock: Pick<Clock, 'now'>,
  input: { businessId: string; referenceId: string },
): Promise<ChargeStatusAnswer> {
  const [row] = await db
    .select()
    .from(providerCharges)
    .where(
      and(
        eq(providerCharges.referenceId, input.referenceId),
        eq(providerCharges.businessId, input.businessId),
      ),
    );
  if (!row) throw new ProviderError(404, 'UNKNOWN_CHARGE', 'There is no charge with this reference id.');
  const isSale = row.kind === 'SALE';
  const { refunded, voided } = isSale ? await followUps(db, row.referenceId) : { refunded: 0, voided: false };
  return {
    referenceId: row.referenceId,
    transactionId: displayedTransactionId(row.referenceId),
    kind: row.kind as OperationKind,
    amount: row.amount,
    approved: row.approved,
    createdAt: row.createdAt.toISOString(),
    settled: isSettled(row.createdAt, clock.now()),
    settlesAt: settlementCutOff(row.createdAt).toISOString(),
    parentReferenceId: row.parentReferenceId,
    refundedAmount: refunded,
    voided,
    refundableAmount: isSale && row.approved && !voided ? row.amount - refunded : 0,
  };
}
