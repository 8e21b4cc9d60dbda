/**
 * Reimbursements in the database: insurance payments (one row each, with their totals, so the list
 * reads one row per reimbursement) and their details rows per patient. Every function takes the
 * practice and scopes each statement to it (db/scope.ts); a details row belongs to its practice
 * through its payment.
 */
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { insurancePaymentDetails, insurancePayments } from '../db/schema/reimbursements.js';
import { inPractice, type PracticeId } from '../db/scope.js';

export type InsurancePaymentRecord = typeof insurancePayments.$inferSelect;
export type InsurancePaymentDetailRecord = typeof insurancePaymentDetails.$inferSelect;
export type NewInsurancePayment = Omit<typeof insurancePayments.$inferInsert, 'companyId' | 'id'>;
export type NewInsurancePaymentDetail = Omit<
  typeof insurancePaymentDetails.$inferInsert,
  'id' | 'insurancePaymentId'
>;

export interface PaymentFilter {
  startDate?: string;
  endDate?: string;
  carrierName?: string;
}

function filtered(practice: PracticeId, filter: PaymentFilter): SQL {
  return inPractice(
    insurancePayments,
    practice,
    filter.startDate ? gte(insurancePayments.date, filter.startDate) : undefined,
    filter.endDate ? lte(insurancePayments.date, filter.endDate) : undefined,
    filter.carrierName ? eq(insurancePayments.carrierName, filter.carrierName) : undefined,
  );
}

/** One page of the practice's reimbursements, newest first (the list's indexes' order). */
export function paymentPage(
  db: Db | Tx,
  practice: PracticeId,
  filter: PaymentFilter,
  page: { page: number; pageSize: number },
): Promise<InsurancePaymentRecord[]> {
  return db
    .select()
    .from(insurancePayments)
    .where(filtered(practice, filter))
    .orderBy(desc(insurancePayments.date), desc(insurancePayments.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

export async function countPayments(db: Db | Tx, practice: PracticeId, filter: PaymentFilter) {
  const [row] = await db.select({ n: count() }).from(insurancePayments).where(filtered(practice, filter));
  return row?.n ?? 0;
}

/** The carriers of the practice's reimbursements, by name. */
export async function paymentCarriers(db: Db | Tx, practice: PracticeId): Promise<string[]> {
  const rows = await db
    .selectDistinct({ carrierName: insurancePayments.carrierName })
    .from(insurancePayments)
    .where(inPractice(insurancePayments, practice));
  return rows.map((r) => r.carrierName);
}

export async function findPayment(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
): Promise<InsurancePaymentRecord | null> {
  const [row] = await db
    .select()
    .from(insurancePayments)
    .where(inPractice(insurancePayments, practice, eq(insurancePayments.id, id)));
  return row ?? null;
}

/** The reimbursement a save with this Idempotency-Key made, if it got that far. */
export async function findPaymentByRequestKey(
  db: Db | Tx,
  practice: PracticeId,
  requestKey: string,
): Promise<InsurancePaymentRecord | null> {
  const [row] = await db
    .select()
    .from(insurancePayments)
    .where(inPractice(insurancePayments, practice, eq(insurancePayments.requestKey, requestKey)));
  return row ?? null;
}

/** The details rows of one of the practice's reimbursements, in the order they were written. */
export async function detailsOf(
  db: Db | Tx,
  practice: PracticeId,
  insurancePaymentId: number,
): Promise<InsurancePaymentDetailRecord[]> {
  const rows = await db
    .select({ detail: insurancePaymentDetails })
    .from(insurancePaymentDetails)
    .innerJoin(insurancePayments, eq(insurancePayments.id, insurancePaymentDetails.insurancePaymentId))
    .where(inPractice(insurancePayments, practice, eq(insurancePayments.id, insurancePaymentId)))
    .orderBy(insurancePaymentDetails.id);
  return rows.map((r) => r.detail);
}

/** Writes a reimbursement and its details rows. */
export async function insertPayment(
  tx: Tx,
  practice: PracticeId,
  payment: NewInsurancePayment,
  details: NewInsurancePaymentDetail[],
): Promise<InsurancePaymentRecord> {
  const [row] = await tx
    .insert(insurancePayments)
    .values({ ...payment, companyId: practice })
    .returning();
  if (details.length > 0) {
    await tx
      .insert(insurancePaymentDetails)
      .values(details.map((d) => ({ ...d, insurancePaymentId: row!.id })));
  }
  return row!;
}

/**
 * A patient paid their share's payment request: its details row's `paid` and the reimbursement's
 * Request Paid rise by what was paid. Null when the request is no reimbursement's share.
 */
export async function addSharePaid(
  tx: Db | Tx,
  practice: PracticeId,
  notificationId: string,
  amount: number,
): Promise<{ payment: InsurancePaymentRecord; patientId: number } | null> {
  const owned = paymentsWithShare(tx, practice, notificationId);
  const [detail] = await tx
    .update(insurancePaymentDetails)
    .set({ paid: sql`${insurancePaymentDetails.paid} + ${amount}` })
    .where(
      and(
        eq(insurancePaymentDetails.notificationId, notificationId),
        inArray(insurancePaymentDetails.insurancePaymentId, owned),
      ),
    )
    .returning();
  if (!detail) return null;
  const [payment] = await tx
    .update(insurancePayments)
    .set({ paid: sql`${insurancePayments.paid} + ${amount}` })
    .where(inPractice(insurancePayments, practice, eq(insurancePayments.id, detail.insurancePaymentId)))
    .returning();
  return { payment: payment!, patientId: detail.patientId };
}

/** The practice's reimbursements with a details row for this request, as a subquery. */
function paymentsWithShare(db: Db | Tx, practice: PracticeId, notificationId: string) {
  return db
    .select({ id: insurancePayments.id })
    .from(insurancePayments)
    .innerJoin(insurancePaymentDetails, eq(insurancePaymentDetails.insurancePaymentId, insurancePayments.id))
    .where(
      inPractice(insurancePayments, practice, eq(insurancePaymentDetails.notificationId, notificationId)),
    );
}
