/**
 * The records of one practice that a request can name by id, read straight from a test server's
 * database: the attack tests fill a request's id fields with one practice's real records, or with
 * another practice's, or with ids that exist nowhere.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client.js';
import {
  bulkRequestRuns,
  customerMembershipBillings,
  customers,
  insurancePayments,
  membershipPlans,
  paymentLedger,
  paymentPlanDetails,
  paymentPlans,
  paymentRequests,
  patients,
  practiceIntegrations,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';

/** The kinds of record a request names, and how. */
export type RecordKind =
  | 'customer'
  | 'patientKey'
  | 'savedCard'
  | 'paymentPlan'
  | 'planDetail'
  | 'ledgerItem'
  | 'paymentRequest'
  | 'transaction'
  | 'transactionReference'
  | 'transactionResult'
  | 'integration'
  | 'membership'
  | 'membershipPlan'
  | 'insurancePayment'
  | 'bulkRun'
  | 'company';

export type RecordIds = Record<RecordKind, (number | string)[]>;

const SAMPLE = 25;

/** Up to 25 values of `id` in `table`'s rows that `where` takes, at random. */
async function sample(db: Db, id: PgColumn, table: PgTable, where: SQL | undefined, all = false) {
  const query = db.select({ id }).from(table).where(where);
  const rows = all ? await query : await query.orderBy(sql`random()`).limit(SAMPLE);
  return rows.map((r) => r.id as number | string);
}

/**
 * Up to 25 records of each kind of a practice, at random. Patient keys are numbers within a
 * practice (the practice system's), so two practices may both have patient 1042: with `besides`,
 * only keys that practice does not also have are taken, so that a key is truly another's.
 */
export async function recordsOf(db: Db, companyId: number, besides?: number): Promise<RecordIds> {
  const approved = and(eq(transactions.companyId, companyId), eq(transactions.status, 'APPROVED'));
  const practicePlans = db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(eq(paymentPlans.companyId, companyId));
  const otherPractices =
    besides === undefined
      ? undefined
      : sql`${patients.patNum} not in (select pat_num from patients where company_id = ${besides})`;
  return {
    company: [companyId],
    customer: await sample(db, customers.id, customers, eq(customers.companyId, companyId)),
    patientKey: await sample(
      db,
      patients.patNum,
      patients,
      and(eq(patients.companyId, companyId), otherPractices),
    ),
    savedCard: await sample(
      db,
      savedCards.id,
      savedCards,
      and(eq(savedCards.companyId, companyId), eq(savedCards.isActive, true)),
    ),
    paymentPlan: await sample(db, paymentPlans.id, paymentPlans, eq(paymentPlans.companyId, companyId)),
    planDetail: await sample(
      db,
      paymentPlanDetails.id,
      paymentPlanDetails,
      inArray(paymentPlanDetails.paymentPlanId, practicePlans),
    ),
    ledgerItem: await sample(
      db,
      paymentLedger.id,
      paymentLedger,
      and(eq(paymentLedger.companyId, companyId), isNotNull(paymentLedger.paymentPlanId)),
    ),
    paymentRequest: await sample(
      db,
      paymentRequests.id,
      paymentRequests,
      eq(paymentRequests.companyId, companyId),
    ),
    transaction: await sample(db, transactions.id, transactions, eq(transactions.companyId, companyId)),
    transactionReference: await sample(
      db,
      transactions.referenceId,
      transactions,
      eq(transactions.companyId, companyId),
    ),
    integration: await sample(
      db,
      practiceIntegrations.clientId,
      practiceIntegrations,
      eq(practiceIntegrations.companyId, companyId),
      true,
    ),
    membership: await sample(
      db,
      customerMembershipBillings.id,
      customerMembershipBillings,
      eq(customerMembershipBillings.companyId, companyId),
    ),
    membershipPlan: await sample(
      db,
      membershipPlans.id,
      membershipPlans,
      eq(membershipPlans.companyId, companyId),
    ),
    insurancePayment: await sample(
      db,
      insurancePayments.id,
      insurancePayments,
      eq(insurancePayments.companyId, companyId),
    ),
    transactionResult: await sample(db, transactions.transactionResultId, transactions, approved),
    bulkRun: await sample(db, bulkRequestRuns.id, bulkRequestRuns, eq(bulkRequestRuns.companyId, companyId)),
  };
}

/** An id of each kind that no practice has. */
export const MISSING: Record<RecordKind, number | string> = {
  company: 2_147_483_000,
  customer: 2_147_483_001,
  patientKey: 2_147_483_002,
  savedCard: 2_147_483_003,
  paymentPlan: 2_147_483_004,
  planDetail: 2_147_483_005,
  ledgerItem: 2_147_483_006,
  paymentRequest: '6f1c2a9e-3b7d-4c55-9a0e-2d4b8f6a1c3e',
  transaction: 2_147_483_007,
  transactionReference: 'NOSUCH-0000-0000-0000',
  transactionResult: '00000000-aaaa-4bbb-8ccc-000000000000',
  integration: 'no-such-integration',
  membership: 2_147_483_008,
  membershipPlan: 2_147_483_009,
  insurancePayment: 2_147_483_010,
  bulkRun: '5b0e7c1d-8f2a-4e6b-9c3d-1a2b3c4d5e6f',
};
