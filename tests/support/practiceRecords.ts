/**
 * The records of one practice that a request can name by id, read straight from a test server's
 * database: the attack tests fill a request's id fields with one practice's real records, or with
 * another practice's, or with ids that exist nowhere.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import {
  customerMembershipBillings,
  customers,
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
  | 'company';

export type RecordIds = Record<RecordKind, (number | string)[]>;

const SAMPLE = 25;

/**
 * Up to 25 records of each kind of a practice, at random. Patient keys are numbers within a
 * practice (the practice system's), so two practices may both have patient 1042: with `besides`,
 * only keys that practice does not also have are taken, so that a key is truly another's.
 */
export async function recordsOf(db: Db, companyId: number, besides?: number): Promise<RecordIds> {
  const ids = <T>(rows: { id: T }[]) => rows.map((r) => r.id) as (number | string)[];
  const some = sql`random()`;
  return {
    company: [companyId],
    customer: ids(
      await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    patientKey: ids(
      await db
        .select({ id: patients.patNum })
        .from(patients)
        .where(
          and(
            eq(patients.companyId, companyId),
            besides === undefined
              ? undefined
              : sql`${patients.patNum} not in (select pat_num from patients where company_id = ${besides})`,
          ),
        )
        .orderBy(some)
        .limit(SAMPLE),
    ),
    savedCard: ids(
      await db
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(and(eq(savedCards.companyId, companyId), eq(savedCards.isActive, true)))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    paymentPlan: ids(
      await db
        .select({ id: paymentPlans.id })
        .from(paymentPlans)
        .where(eq(paymentPlans.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    planDetail: ids(
      await db
        .select({ id: paymentPlanDetails.id })
        .from(paymentPlanDetails)
        .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanDetails.paymentPlanId))
        .where(eq(paymentPlans.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    ledgerItem: ids(
      await db
        .select({ id: paymentLedger.id })
        .from(paymentLedger)
        .where(and(eq(paymentLedger.companyId, companyId), isNotNull(paymentLedger.paymentPlanId)))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    paymentRequest: ids(
      await db
        .select({ id: paymentRequests.id })
        .from(paymentRequests)
        .where(eq(paymentRequests.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    transaction: ids(
      await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    transactionReference: ids(
      await db
        .select({ id: transactions.referenceId })
        .from(transactions)
        .where(eq(transactions.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    integration: ids(
      await db
        .select({ id: practiceIntegrations.clientId })
        .from(practiceIntegrations)
        .where(eq(practiceIntegrations.companyId, companyId)),
    ),
    membership: ids(
      await db
        .select({ id: customerMembershipBillings.id })
        .from(customerMembershipBillings)
        .where(eq(customerMembershipBillings.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    membershipPlan: ids(
      await db
        .select({ id: membershipPlans.id })
        .from(membershipPlans)
        .where(eq(membershipPlans.companyId, companyId))
        .orderBy(some)
        .limit(SAMPLE),
    ),
    transactionResult: ids(
      await db
        .select({ id: transactions.transactionResultId })
        .from(transactions)
        .where(and(eq(transactions.companyId, companyId), eq(transactions.status, 'APPROVED')))
        .orderBy(some)
        .limit(SAMPLE),
    ),
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
};
