/**
 * The practice system the sandbox plays, an Open Dental-like record per practice: procedures and
 * treatment plans (the seed writes them; allocation reads them through server/practice-system/),
 * the payments posted to it with their pay splits, and the queue of postings its connector works
 * through. Only server/practice-system/ reads and writes these tables.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { patients } from './patients.js';
import { companies } from './practices.js';

export const treatmentPlans = pgTable(
  'treatment_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatPlanNum: integer('treat_plan_num').notNull(),
    heading: text('heading').notNull(),
    dateTP: date('date_tp', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    /** 0 Saved, 1 Active, 2 Inactive */
    tpStatus: integer('tp_status').notNull().default(0),
  },
  (t) => [index('treatment_plans_patient').on(t.patientId)],
);

export const procedures = pgTable(
  'procedures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    procNum: integer('proc_num').notNull(),
    procCode: text('proc_code').notNull(),
    description: text('description').notNull(),
    tooth: text('tooth').notNull().default(''),
    provider: text('provider').notNull().default(''),
    procDate: date('proc_date', { mode: 'string' }).notNull(),
    /** C completed, TP treatment-planned (the contract's ProcStatus) */
    procStatus: text('proc_status').$type<'C' | 'TP'>().notNull(),
    treatPlanNum: integer('treat_plan_num'),
    fee: integer('fee').notNull(),
    insuranceEst: integer('insurance_est').notNull().default(0),
    paidFromInsurance: integer('paid_from_insurance').notNull().default(0),
    waitingFromInsurance: integer('waiting_from_insurance').notNull().default(0),
    writeOff: integer('write_off').notNull().default(0),
    /** Signed cents, as Open Dental's adjustments: negative lowers what the patient owes. */
    adjustment: integer('adjustment').notNull().default(0),
    // What the patient paid is not a column: it is the sum of the pay splits on the procedure
    // (domain/practice-system/estDue.ts), so a payment, an allocation or a refund changes it once.
    paymentPlanPending: integer('payment_plan_pending').notNull().default(0),
  },
  (t) => [
    index('procedures_patient').on(t.patientId),
    index('procedures_company_date').on(t.companyId, t.procDate),
  ],
);

/**
 * A payment in the practice system (Open Dental's Payment): `payNum` is its number there. One that
 * came from Chairside records its transaction by reference, as a connector would; one the practice
 * took at its own desk before Chairside (the demo's older history) has none.
 */
export const practicePayments = pgTable(
  'practice_payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The patient the payment is entered for (their PatNum, the spec's patient key). */
    patNum: integer('pat_num').notNull(),
    /** The Chairside transaction (its id and reference id); null for a payment taken outside Chairside. */
    transactionId: integer('transaction_id'),
    referenceId: text('reference_id'),
    payDate: date('pay_date', { mode: 'string' }).notNull(),
    /** What was charged, surcharge included. */
    payAmt: integer('pay_amt').notNull(),
    payNote: text('pay_note').notNull().default(''),
    created: createdAt(),
  },
  (t) => [uniqueIndex('practice_payments_transaction').on(t.companyId, t.transactionId)],
);

/**
 * A pay split: an amount of a payment on one procedure of one patient (no procedure: unallocated).
 * A refund or void writes negative splits, each pointing at the split it gives back.
 */
export const paySplits = pgTable(
  'pay_splits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => practicePayments.id),
    /** The patient the split is for (PatNum). */
    patNum: integer('pat_num').notNull(),
    /** The procedure it pays (ProcNum); null for an unallocated split. */
    procNum: integer('proc_num'),
    /** Signed cents: negative for a refund or void. */
    amount: integer('amount').notNull(),
    descript: text('descript').notNull(),
    /** For a negative split, the split it gives back. */
    refundOfSplitId: integer('refund_of_split_id'),
    /** The Chairside refund or void it writes back (its reference id). */
    refundReferenceId: text('refund_reference_id'),
    created: createdAt(),
  },
  (t) => [
    index('pay_splits_payment').on(t.paymentId),
    // What was paid on a procedure is summed from its splits on every read (Est. Due).
    index('pay_splits_procedure').on(t.companyId, t.procNum),
  ],
);

/**
 * The connector's queue: each posting (a payment, a refund or void, a move) waits until `dueAt`,
 * then one worker claims it with a lease (`leaseUntil`, `claimedBy`), so that several server
 * instances on one database post each exactly once. Postings of one transaction are posted in order.
 */
export const practicePostings = pgTable(
  'practice_postings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transactionId: integer('transaction_id').notNull(),
    /** PAYMENT | REFUND | VOID | MOVE */
    kind: text('kind').notNull(),
    /** What the posting carries (an allocation, a refund's amounts, a move's patient). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** PENDING | POSTED | FAILED */
    state: text('state').notNull().default('PENDING'),
    dueAt: ts('due_at').notNull(),
    leaseUntil: ts('lease_until'),
    claimedBy: text('claimed_by'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    postedAt: ts('posted_at'),
    created: createdAt(),
  },
  (t) => [
    index('practice_postings_due')
      .on(t.dueAt)
      .where(sql`${t.state} = 'PENDING'`),
    index('practice_postings_transaction').on(t.transactionId),
    // A practice's connector log, newest first; and every connector's waiting and failed postings.
    index('practice_postings_company').on(t.companyId, t.id),
    index('practice_postings_open')
      .on(t.companyId, t.state)
      .where(sql`${t.state} <> 'POSTED'`),
  ],
);

/**
 * Each practice's connector as the platform sees it: the heartbeat it last sent (when, its version
 * and latency), the version it is to upgrade to, and the sandbox's control of it (RUNNING, SILENT:
 * no heartbeat and no posting, FAILING: every posting refused). A practice gets its row at its
 * connector's first heartbeat (server/practice-system/connectors.ts).
 */
export const practiceConnectors = pgTable('practice_connectors', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  version: text('version').notNull(),
  targetVersion: text('target_version'),
  latencyMs: integer('latency_ms').notNull(),
  lastHeartbeatAt: ts('last_heartbeat_at').notNull(),
  /** RUNNING | SILENT | FAILING */
  mode: text('mode').$type<'RUNNING' | 'SILENT' | 'FAILING'>().notNull().default('RUNNING'),
  modeSince: ts('mode_since'),
});

/** The sandbox's switch: the connector fails the next posting of this practice (then it is cleared). */
export const practicePostingFaults = pgTable('practice_posting_faults', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  armedAt: ts('armed_at').notNull(),
});

/**
 * A claim sent to an insurance carrier for one patient's procedures of one date of service (Open
 * Dental's claim). SENT until the carrier's payment is posted to it (a reimbursement), then RECEIVED
 * with that payment's id. A save claims its claims by its request key (`payingKey`, a conditional
 * update of SENT rows), so two saves of one claim post it once.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    claimNumber: text('claim_number').notNull(),
    carrierName: text('carrier_name').notNull(),
    planName: text('plan_name').notNull(),
    dateService: date('date_service', { mode: 'string' }).notNull(),
    /** SENT | RECEIVED */
    status: text('status').$type<'SENT' | 'RECEIVED'>().notNull().default('SENT'),
    /** The request key of the reimbursement whose save holds the claim (until it is RECEIVED). */
    payingKey: text('paying_key'),
    /** When that save took it (wall-clock, a lease): an abandoned hold is let go after a while. */
    heldAt: ts('held_at'),
    /** The reimbursement (insurance payment) that paid it. */
    insurancePaymentId: integer('insurance_payment_id'),
    receivedAt: ts('received_at'),
  },
  (t) => [
    uniqueIndex('claims_number').on(t.companyId, t.claimNumber),
    // A carrier's sent claims, for a new reimbursement.
    index('claims_sent')
      .on(t.companyId, t.carrierName, t.dateService)
      .where(sql`${t.status} = 'SENT'`),
    index('claims_insurance_payment').on(t.insurancePaymentId),
  ],
);

/**
 * A procedure of a claim (Open Dental's claimproc): what was billed and estimated when the claim was
 * sent, and what the carrier paid and the practice wrote off once it is received. The procedure it
 * bills is `procedureId`; the code and date are kept as sent.
 */
export const claimProcedures = pgTable(
  'claim_procedures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id),
    /** The practice system's procedure; null for a claim older than the record's procedures. */
    procedureId: integer('procedure_id').references(() => procedures.id),
    procDate: date('proc_date', { mode: 'string' }).notNull(),
    procCode: text('proc_code').notNull(),
    descript: text('descript').notNull(),
    fee: integer('fee').notNull(),
    insuranceEstimate: integer('insurance_estimate').notNull().default(0),
    deductibleApplied: integer('deductible_applied').notNull().default(0),
    writeOffEstimate: integer('write_off_estimate').notNull().default(0),
    insurancePaid: integer('insurance_paid').notNull().default(0),
    writtenOff: integer('written_off').notNull().default(0),
    /** SENT | RECEIVED */
    status: text('status').$type<'SENT' | 'RECEIVED'>().notNull().default('SENT'),
  },
  (t) => [index('claim_procedures_claim').on(t.claimId)],
);

/**
 * A practice's tunnel key: the secret its practice-system connector presents with each heartbeat.
 * Only its SHA-256 and last four characters are kept (the key is shown once, when it is rotated). A
 * rotated key waits here as the pending one until the connector's next heartbeat, which makes it the
 * current key; from then on the old one is refused (server/practice-system/tunnelKeys.ts).
 */
export const connectorKeys = pgTable('connector_keys', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  keyHash: text('key_hash'),
  keyLast4: text('key_last4'),
  keySince: ts('key_since'),
  pendingKeyHash: text('pending_key_hash'),
  pendingKeyLast4: text('pending_key_last4'),
  rotatedAt: ts('rotated_at'),
  rotatedBy: text('rotated_by'),
});

/**
 * A roll-out of a connector version to chosen practices (`#/admin/bulkupgrade`): their connectors are
 * told the target version (practice_connectors.target_version) and report it at their next heartbeat;
 * its progress is read from the practices' connectors.
 */
export const connectorRollouts = pgTable('connector_rollouts', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  companyIds: integer('company_ids').array().notNull(),
  createdAt: ts('created_at').notNull(),
  createdBy: text('created_by').notNull(),
});
