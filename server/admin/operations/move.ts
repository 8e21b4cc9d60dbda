/**
 * The admin area's moves (embed-sdk/contract/adminMoves.ts): a payment plan, a membership or a payment
 * goes to another patient, of its practice or of another. One function plans a move: it reads the
 * record and where it goes, refuses what would break a rule with the field named, and returns the
 * preview with the writes that carry it out. The preview runs it on the database and writes nothing;
 * the move runs it again in a transaction, on the locked record, applies the writes and records the
 * audit entry, all or nothing. What a practice's staff can move themselves (a payment to another
 * patient, server/transactions/move.ts) follows the same rules here.
 */
import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { MovePreview, MoveRequest } from '../../../embed-sdk/contract/adminMoves.js';
import { CARD_BRAND_NAMES, formatCurrency } from '../../../embed-sdk/format/index.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import {
  customerMembershipBillingLines,
  customerMembershipBillings,
  membershipPlans,
  paymentPlans,
  refunds,
  savedCards,
  transactions,
} from '../../db/schema/index.js';
import { asPracticeId, inPractice, type PracticeId } from '../../db/scope.js';
import { BadRequestError } from '../../errors.js';
import { findMembership, linesOf } from '../../memberships/store.js';
import { ensureCustomer, findCustomer, findPatient, type PatientRow } from '../../patients/store.js';
import { findPlan } from '../../payment-plans/store.js';
import { isOpenDental } from '../../practice-system/payments.js';
import { queueMove, queuePayment, wasQueuedForPracticeSystem } from '../../practice-system/queue.js';
import { findPractice, type PracticeRecord } from '../../practices/store.js';
import { findCard } from '../../saved-cards/store.js';
import { payerColumns } from '../../transactions/announce.js';
import { transactionIdCondition } from '../../transactions/listStore.js';
import { refusalToMove } from '../../transactions/move.js';
import { setPayer, setPracticeManagementStatus, type TransactionRecord } from '../../transactions/store.js';
import { changedFields, recordAudit, type AuditActor } from '../audit.js';

const NOUN = { PAYMENT_PLAN: 'payment plan', MEMBERSHIP: 'membership', TRANSACTION: 'payment' } as const;

/** Where a move goes, read and checked. */
interface Destination {
  practice: PracticeRecord;
  patient: PatientRow;
  /** Another practice than the record's. */
  elsewhere: boolean;
}

/** What a planned move changes: the preview's sentences and the writes that make them true. */
interface PlannedMove {
  preview: MovePreview;
  /** The record's own practice and id, as the audit entry names them. */
  audit: { companyId: number; targetType: string; targetId: number };
  apply(tx: Tx, at: Date): Promise<void>;
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const patientLabel = (p: { firstName: string; lastName: string; key: number }) =>
  `${nameOf(p)} (patient ${p.key})`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function practiceOr(db: Db | Tx, id: number, field: string): Promise<PracticeRecord> {
  const practice = await findPractice(db, asPracticeId(id));
  if (!practice) throw new BadRequestError(field, `there is no practice ${id}`);
  return practice;
}

async function destinationOf(db: Db | Tx, from: PracticeRecord, request: MoveRequest): Promise<Destination> {
  const practice =
    request.toCompanyId === from.id ? from : await practiceOr(db, request.toCompanyId, 'body.toCompanyId');
  const patient = await findPatient(db, asPracticeId(practice.id), request.toPatientId);
  if (!patient)
    throw new BadRequestError('body.toPatientId', `${practice.name} has no patient ${request.toPatientId}`);
  return { practice, patient, elsewhere: practice.id !== from.id };
}

/** Who the record belongs to now, and who it will, as the preview names them. */
function sidesOf(
  from: PracticeRecord,
  owner: { firstName: string; lastName: string; patientKey: number | null } | null,
  to: Destination,
): Pick<MovePreview, 'from' | 'to'> {
  return {
    from: {
      companyId: from.id,
      companyName: from.name,
      patientId: owner?.patientKey ?? null,
      patientName: owner ? nameOf(owner) : null,
    },
    to: {
      companyId: to.practice.id,
      companyName: to.practice.name,
      patientId: to.patient.key,
      patientName: nameOf(to.patient),
    },
  };
}

/** The customer of a destination patient, made when they have none yet (in the move's transaction). */
async function customerOf(tx: Tx, to: Destination) {
  const practice = asPracticeId(to.practice.id);
  await ensureCustomer(tx, practice, to.patient.key);
  const customerId = (await findPatient(tx, practice, to.patient.key))!.customerId!;
  return (await findCustomer(tx, practice, customerId))!;
}

/** The practices share a processor account: its cards and its settled money are good at both. */
const sameAccount = (a: PracticeRecord, b: PracticeRecord) => a.businessId === b.businessId;

/**
 * The card a plan or membership charges, as the destination patient will have it: the same card on
 * file with them, or a copy of it added to their cards (the processor's token is the account's, not
 * the patient's). Refused where the destination's account cannot charge it.
 */
async function planCard(
  db: Db | Tx,
  from: PracticeRecord,
  to: Destination,
  savedCardId: number | null,
  what: string,
) {
  if (savedCardId === null) return null;
  const card = await findCard(db, asPracticeId(from.id), savedCardId);
  if (!card) return null;
  const label = `${(CARD_BRAND_NAMES as Record<string, string>)[card.cardType] ?? card.cardType} ${card.description}`;
  if (to.elsewhere && !sameAccount(from, to.practice)) {
    throw new BadRequestError(
      'body.toCompanyId',
      `The ${what} charges ${label}, stored with ${from.name}'s processor account; ${to.practice.name} is on another account and cannot charge it.`,
    );
  }
  const [onFile] =
    to.patient.customerId === null
      ? []
      : await db
          .select({ id: savedCards.id })
          .from(savedCards)
          .where(
            inPractice(
              savedCards,
              asPracticeId(to.practice.id),
              eq(savedCards.customerId, to.patient.customerId),
              eq(savedCards.providerToken, card.providerToken),
              eq(savedCards.isActive, true),
            ),
          )
          .limit(1);
  return {
    label,
    sentence: onFile
      ? `It keeps charging ${label}, already on file for ${nameOf(to.patient)}.`
      : `${label} is added to ${nameOf(to.patient)}'s cards, and the ${what} charges it there.`,
    /** The destination customer's saved card to charge. */
    async use(tx: Tx, customerId: number, at: Date): Promise<number> {
      if (onFile) return onFile.id;
      const [copy] = await tx
        .insert(savedCards)
        .values({
          companyId: to.practice.id,
          customerId,
          providerToken: card.providerToken,
          cardType: card.cardType,
          description: card.description,
          expMonth: card.expMonth,
          expYear: card.expYear,
          funding: card.funding,
          isDefault: false,
          isActive: true,
          createdAt: at,
        })
        .returning({ id: savedCards.id });
      return copy!.id;
    },
  };
}

/** The approved payments a plan's or a membership's ledger holds, and their total. */
async function paymentsOf(
  db: Db | Tx,
  practice: PracticeId,
  owner: { paymentPlanId: number } | { membershipId: number },
) {
  const [row] = await db
    .select({ n: count(), total: sum(transactions.amount).mapWith(Number) })
    .from(transactions)
    .where(
      inPractice(
        transactions,
        practice,
        'paymentPlanId' in owner
          ? eq(transactions.paymentPlanId, owner.paymentPlanId)
          : eq(transactions.customerMembershipBillingId, owner.membershipId),
        eq(transactions.status, 'APPROVED'),
      ),
    );
  return { count: row?.n ?? 0, total: row?.total ?? 0 };
}

/**
 * A plan's or membership's payments follow it to the new patient of the same practice: each names
 * them, and where the practice system has a payment, a MOVE posting moves it there too.
 */
async function movePayments(
  tx: Tx,
  practice: PracticeId,
  owner: { paymentPlanId: number } | { membershipId: number },
  customer: Parameters<typeof payerColumns>[0],
  toPatNum: number,
  at: Date,
) {
  const rows = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      inPractice(
        transactions,
        practice,
        'paymentPlanId' in owner
          ? eq(transactions.paymentPlanId, owner.paymentPlanId)
          : eq(transactions.customerMembershipBillingId, owner.membershipId),
      ),
    );
  const openDental = await isOpenDental(tx, practice);
  for (const { id } of rows) {
    await setPayer(tx, practice, id, payerColumns(customer));
    if (openDental && (await wasQueuedForPracticeSystem(tx, practice, id))) {
      await queueMove(tx, practice, { transactionId: id, at }, { toPatNum });
      await setPracticeManagementStatus(tx, practice, id, 0);
    }
  }
}

function refuseMoneyElsewhere(paid: { count: number; total: number }, what: string, from: PracticeRecord) {
  if (paid.count === 0) return;
  throw new BadRequestError(
    'body.toCompanyId',
    `The ${what} has ${plural(paid.count, 'payment')} (${formatCurrency(paid.total)}) settled to ${from.name}: a ${what} moves to another practice only before its first payment.`,
  );
}

function paymentsSentence(paid: { count: number; total: number }, to: Destination) {
  return paid.count === 0
    ? 'It has no payments yet.'
    : `Its ${plural(paid.count, 'payment')} (${formatCurrency(paid.total)}) move with it to ${nameOf(to.patient)}; those in the practice system are moved there too.`;
}

async function planOfPlan(
  db: Db | Tx,
  from: PracticeRecord,
  id: number,
  request: MoveRequest,
  lock: boolean,
): Promise<PlannedMove> {
  const practice = asPracticeId(from.id);
  const plan = await findPlan(db, practice, id, { lock });
  if (!plan) throw new BadRequestError('body.record', `${from.name} has no payment plan ${id}`);
  const to = await destinationOf(db, from, request);
  if (plan.customerId === to.patient.customerId) {
    throw new BadRequestError('body.toPatientId', 'The payment plan already belongs to this patient.');
  }
  if (plan.pendingCharge) {
    throw new BadRequestError(
      'body.record',
      'A charge of this payment plan is under way: move it once it has finished.',
    );
  }
  const paid = await paymentsOf(db, practice, { paymentPlanId: plan.id });
  if (to.elsewhere) refuseMoneyElsewhere(paid, 'payment plan', from);
  const card = await planCard(db, from, to, plan.customerSavedCardId, 'payment plan');
  const owner = (await findCustomer(db, practice, plan.customerId))!;
  const description = `Payment plan ${plan.id}: ${formatCurrency(plan.total)} in ${plural(plan.cycleCount, `${plan.frequency.toLowerCase()} payment`)}, ${plan.status.toLowerCase()}`;
  const changes = [
    `Payment plan ${plan.id} moves from ${nameOf(owner)}${to.elsewhere ? ` at ${from.name}` : ''} to ${patientLabel(to.patient)}${to.elsewhere ? ` at ${to.practice.name}` : ''}.`,
    card
      ? card.sentence
      : plan.isCash
        ? 'It is paid in cash: no card moves with it.'
        : 'It has no card on file to charge.',
    paymentsSentence(paid, to),
  ];
  return {
    preview: {
      type: 'PAYMENT_PLAN',
      record: String(plan.id),
      description,
      ...sidesOf(from, owner, to),
      changes,
    },
    audit: { companyId: from.id, targetType: 'paymentPlan', targetId: plan.id },
    async apply(tx, at) {
      const customer = await customerOf(tx, to);
      const cardId = card ? await card.use(tx, customer.id, at) : plan.customerSavedCardId;
      await tx
        .update(paymentPlans)
        .set({ companyId: to.practice.id, customerId: customer.id, customerSavedCardId: cardId })
        .where(inPractice(paymentPlans, practice, eq(paymentPlans.id, plan.id)));
      if (!to.elsewhere) {
        await movePayments(tx, practice, { paymentPlanId: plan.id }, customer, to.patient.key, at);
      }
    },
  };
}

async function planOfMembership(
  db: Db | Tx,
  from: PracticeRecord,
  id: number,
  request: MoveRequest,
  lock: boolean,
): Promise<PlannedMove> {
  const practice = asPracticeId(from.id);
  const membership = await findMembership(db, practice, id, { lock });
  if (!membership) throw new BadRequestError('body.record', `${from.name} has no membership ${id}`);
  const to = await destinationOf(db, from, request);
  if (membership.customerId === to.patient.customerId) {
    throw new BadRequestError('body.toPatientId', 'The membership already belongs to this patient.');
  }
  if (membership.pendingCharge) {
    throw new BadRequestError(
      'body.record',
      'A charge of this membership is under way: move it once it has finished.',
    );
  }
  const lines = await linesOf(db, practice, [membership.id]);
  const payerLines = lines.filter((l) => l.customerId === membership.customerId);
  const others = lines.length - payerLines.length;
  const paid = await paymentsOf(db, practice, { membershipId: membership.id });
  // Where each of the payer's lines' plans is in the destination's catalogue.
  const planIds = new Map<number, number>();
  if (to.elsewhere) {
    refuseMoneyElsewhere(paid, 'membership', from);
    if (others > 0) {
      throw new BadRequestError(
        'body.toCompanyId',
        `The membership also covers ${plural(others, 'other person', 'other people')} of ${from.name}: it moves to another practice only with its payer alone.`,
      );
    }
    for (const line of payerLines) {
      const [plan] = await db
        .select()
        .from(membershipPlans)
        .where(eq(membershipPlans.id, line.membershipPlanId));
      const [match] = await db
        .select({ id: membershipPlans.id })
        .from(membershipPlans)
        .where(
          and(
            eq(membershipPlans.companyId, to.practice.id),
            sql`lower(${membershipPlans.label}) = lower(${plan!.label})`,
            eq(membershipPlans.isActive, true),
          ),
        )
        .limit(1);
      if (!match) {
        throw new BadRequestError(
          'body.toCompanyId',
          `${to.practice.name} has no membership plan "${plan!.label}" in its catalogue: add it there first.`,
        );
      }
      planIds.set(line.membershipPlanId, match.id);
    }
  }
  const card = await planCard(db, from, to, membership.customerSavedCardId, 'membership');
  const owner = (await findCustomer(db, practice, membership.customerId))!;
  const description = `Membership ${membership.id}: ${formatCurrency(membership.amount)} ${membership.cycle === 'YEARLY' ? 'a year' : 'a month'}, ${membership.status.toLowerCase()}`;
  const changes = [
    `Membership ${membership.id} moves from ${nameOf(owner)}${to.elsewhere ? ` at ${from.name}` : ''} to ${patientLabel(to.patient)}${to.elsewhere ? ` at ${to.practice.name}` : ''}, who pays it.`,
    payerLines.length > 0
      ? `${nameOf(to.patient)} becomes the member in place of ${nameOf(owner)}${others > 0 ? `; the ${plural(others, 'other member')} stay${others === 1 ? 's' : ''} covered` : ''}.`
      : `Its ${plural(others, 'member')} stay${others === 1 ? 's' : ''} covered.`,
    card ? card.sentence : 'It charges no card on file.',
    paymentsSentence(paid, to),
  ];
  return {
    preview: {
      type: 'MEMBERSHIP',
      record: String(membership.id),
      description,
      ...sidesOf(from, owner, to),
      changes,
    },
    audit: { companyId: from.id, targetType: 'membership', targetId: membership.id },
    async apply(tx, at) {
      const customer = await customerOf(tx, to);
      const cardId = card ? await card.use(tx, customer.id, at) : membership.customerSavedCardId;
      await tx
        .update(customerMembershipBillings)
        .set({ companyId: to.practice.id, customerId: customer.id, customerSavedCardId: cardId })
        .where(
          inPractice(customerMembershipBillings, practice, eq(customerMembershipBillings.id, membership.id)),
        );
      for (const line of payerLines) {
        await tx
          .update(customerMembershipBillingLines)
          .set({
            customerId: customer.id,
            membershipPlanId: planIds.get(line.membershipPlanId) ?? line.membershipPlanId,
          })
          .where(eq(customerMembershipBillingLines.id, line.id));
      }
      if (!to.elsewhere) {
        await movePayments(tx, practice, { membershipId: membership.id }, customer, to.patient.key, at);
      }
    },
  };
}

async function findPayment(db: Db | Tx, from: PracticeRecord, typed: string, lock: boolean) {
  const query = db
    .select()
    .from(transactions)
    .where(inPractice(transactions, asPracticeId(from.id), transactionIdCondition(typed)))
    .limit(2);
  const rows: TransactionRecord[] = lock ? await query.for('update') : await query;
  if (rows.length === 0) throw new BadRequestError('body.record', `${from.name} has no payment ${typed}`);
  if (rows.length > 1)
    throw new BadRequestError(
      'body.record',
      `more than one payment of ${from.name} is ${typed}: give its whole reference`,
    );
  return rows[0]!;
}

/** Why a payment cannot go to another practice (null when it can). */
async function refusalToMoveElsewhere(
  db: Db | Tx,
  from: PracticeRecord,
  to: Destination,
  t: TransactionRecord,
) {
  if (!sameAccount(from, to.practice)) {
    return `The payment settled to ${from.name}'s processor account; ${to.practice.name} is on another account.`;
  }
  if (t.status !== 'APPROVED') return 'Only an approved payment can be moved to another practice.';
  if (t.source === 'PAYMENTPLAN' || t.source === 'MEMBERSHIP') {
    return 'A payment plan or membership payment moves with its plan or membership.';
  }
  if (t.source === 'INSURANCE' || t.notificationId !== null) {
    return `The payment paid ${t.source === 'INSURANCE' ? 'a reimbursement' : 'a payment request'} of ${from.name}: it stays there.`;
  }
  const [refunded] = await db
    .select({ n: count() })
    .from(refunds)
    .where(inPractice(refunds, asPracticeId(from.id), eq(refunds.transactionId, t.id)));
  if ((refunded?.n ?? 0) > 0) return 'A refunded or voided payment stays at its practice.';
  if (await wasQueuedForPracticeSystem(db, asPracticeId(from.id), t.id)) {
    return `The payment is in ${from.name}'s practice system: it stays there.`;
  }
  return null;
}

async function planOfPayment(
  db: Db | Tx,
  from: PracticeRecord,
  request: MoveRequest,
  lock: boolean,
): Promise<PlannedMove> {
  const practice = asPracticeId(from.id);
  const t = await findPayment(db, from, request.record, lock);
  const to = await destinationOf(db, from, request);
  const displayed = t.referenceId.split('#')[0]!.split('-')[0]!;
  if (t.customerId !== null && t.customerId === to.patient.customerId) {
    throw new BadRequestError('body.toPatientId', 'The payment already belongs to this patient.');
  }
  const refusal = to.elsewhere ? await refusalToMoveElsewhere(db, from, to, t) : refusalToMove(t);
  if (refusal) throw new BadRequestError(to.elsewhere ? 'body.toCompanyId' : 'body.record', refusal);
  const owner = t.customerId === null ? null : await findCustomer(db, practice, t.customerId);
  const openDental = await isOpenDental(db, practice);
  const queued = !to.elsewhere && openDental && (await wasQueuedForPracticeSystem(db, practice, t.id));
  const who = owner ? nameOf(owner) : 'no patient (unassociated)';
  const changes = [
    `Payment ${displayed} moves from ${who}${to.elsewhere ? ` at ${from.name}` : ''} to ${patientLabel(to.patient)}${to.elsewhere ? ` at ${to.practice.name}` : ''}.`,
    to.elsewhere
      ? `It is posted to ${to.practice.name}'s practice system.`
      : queued
        ? 'The practice system moves it to the new patient too.'
        : 'It is not in the practice system yet: it goes there under the new patient.',
  ];
  return {
    preview: {
      type: 'TRANSACTION',
      record: displayed,
      description: `Payment ${displayed}: ${formatCurrency(t.amount)}, ${t.status.toLowerCase()}, ${t.created.toISOString().slice(0, 10)}`,
      ...sidesOf(from, owner, to),
      changes,
    },
    audit: { companyId: from.id, targetType: 'transaction', targetId: t.id },
    async apply(tx, at) {
      const customer = await customerOf(tx, to);
      if (!to.elsewhere) {
        await setPayer(tx, practice, t.id, payerColumns(customer));
        if (queued) {
          await queueMove(tx, practice, { transactionId: t.id, at }, { toPatNum: to.patient.key });
          await setPracticeManagementStatus(tx, practice, t.id, 0);
        }
        return;
      }
      const target = asPracticeId(to.practice.id);
      await tx
        .update(transactions)
        .set({ companyId: to.practice.id, ...payerColumns(customer), practiceManagementStatus: 0 })
        .where(inPractice(transactions, practice, eq(transactions.id, t.id)));
      await queuePayment(tx, target, { transactionId: t.id, at });
    },
  };
}

async function planMove(db: Db | Tx, request: MoveRequest, lock: boolean): Promise<PlannedMove> {
  const from = await practiceOr(db, request.companyId, 'body.companyId');
  if (request.type === 'TRANSACTION') return planOfPayment(db, from, request, lock);
  const id = /^[0-9]{1,9}$/.test(request.record) ? Number(request.record) : null;
  if (id === null || id < 1) {
    throw new BadRequestError('body.record', `must be the ${NOUN[request.type]}'s number`);
  }
  return request.type === 'PAYMENT_PLAN'
    ? planOfPlan(db, from, id, request, lock)
    : planOfMembership(db, from, id, request, lock);
}

export async function previewMove(ctx: AppContext, request: MoveRequest): Promise<MovePreview> {
  return (await planMove(ctx.db, request, false)).preview;
}

export async function moveRecord(
  ctx: AppContext,
  actor: AuditActor,
  request: MoveRequest,
): Promise<MovePreview> {
  const at = ctx.clock.now();
  const action = `move.${request.type === 'PAYMENT_PLAN' ? 'paymentPlan' : request.type === 'MEMBERSHIP' ? 'membership' : 'transaction'}`;
  return ctx.db.transaction(async (tx) => {
    const planned = await planMove(tx, request, true);
    await planned.apply(tx, at);
    const { preview, audit } = planned;
    const side = (p: MovePreview['from']) => ({
      companyId: p.companyId,
      patientId: p.patientId,
      patient: p.patientName,
    });
    const change = { action, ...audit, ...changedFields(side(preview.from), side(preview.to)) };
    await recordAudit(tx, actor, change, at);
    // A move to another practice shows in the destination's trail too.
    if (preview.to.companyId !== preview.from.companyId) {
      await recordAudit(tx, actor, { ...change, companyId: preview.to.companyId }, at);
    }
    return preview;
  });
}
