/**
 * The sandbox's one schema, for PGlite and PostgreSQL alike. Money is integer cents everywhere.
 * Tables are grouped by the part of the product that owns them; a route reads only its own group
 * (through the repositories in `server/db/`), never another route's tables directly.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ── Practices, clinics, users ────────────────────────────────────────────────────────────────

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** DENTRIX | OPENDENTAL | DENTRIXNH | EAGLESOFT */
  gatewayCode: text('gateway_code').notNull(),
  businessId: text('business_id').notNull(),
  appId: text('app_id').notNull(),
  storeId: text('store_id').notNull(),
  hasSurcharging: boolean('has_surcharging').notNull().default(false),
  /** The practice's surcharge rate in basis points (300 = 3.00 %); the rules cap it at 3 %. */
  surchargeRateBps: integer('surcharge_rate_bps').notNull().default(0),
  doesAllocateProcedures: boolean('does_allocate_procedures').notNull().default(false),
  membershipDays: integer('membership_days').notNull().default(30),
  phone: text('phone').notNull().default(''),
  bccOnSystemEmail: boolean('bcc_on_system_email').notNull().default(false),
  allowAddPatient: boolean('allow_add_patient').notNull().default(true),
  /** The practice turned off the completed-appointments list (the spec's no-schedule option). */
  noSchedule: boolean('no_schedule').notNull().default(false),
  createdAt: createdAt(),
});

export const clinics = pgTable(
  'clinics',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    clinicNum: integer('clinic_num').notNull(),
    description: text('description').notNull(),
    isHeadquarters: boolean('is_headquarters').notNull().default(false),
  },
  (t) => [uniqueIndex('clinics_company_num').on(t.companyId, t.clinicNum)],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Stored lower-case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull().default(''),
  isAdmin: boolean('is_admin').notNull().default(false),
  termsAcceptedAt: ts('terms_accepted_at'),
  currentCompanyId: integer('current_company_id').references(() => companies.id),
  companyNotificationsViewedAt: ts('company_notifications_viewed_at'),
  createdAt: createdAt(),
});

/** Roles belong to a user in a practice. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

// ── The practice-management system's records (what the sandbox plays) ─────────────────────────

/** A patient as the practice system knows them. `patNum` is the spec's patient key. */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patNum: integer('pat_num').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    cell: text('cell').notNull().default(''),
    zip: text('zip').notNull().default(''),
    clinicNum: integer('clinic_num').notNull().default(0),
    /** The family's guarantor (a patNum in the same practice); equal to patNum for a guarantor. */
    guarantorPatNum: integer('guarantor_pat_num').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('patients_company_patnum').on(t.companyId, t.patNum),
    // Prefix search by name and e-mail (see server/http/routes/patient.ts for the query and its plan).
    index('patients_company_last').using('btree', t.companyId, sql`lower(${t.lastName}) text_pattern_ops`),
    index('patients_company_first').using('btree', t.companyId, sql`lower(${t.firstName}) text_pattern_ops`),
    index('patients_company_email').using('btree', t.companyId, sql`lower(${t.email}) text_pattern_ops`),
    index('patients_company_cell').using('btree', t.companyId, sql`${t.cell} text_pattern_ops`),
    index('patients_company_guarantor').on(t.companyId, t.guarantorPatNum),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    clinicNum: integer('clinic_num').notNull().default(0),
    startsAt: ts('starts_at').notNull(),
    /** SCHEDULED | COMPLETE | BROKEN */
    status: text('status').notNull(),
    amountDue: integer('amount_due').notNull().default(0),
    requiresPayment: boolean('requires_payment').notNull().default(false),
  },
  (t) => [index('appointments_company_due').on(t.companyId, t.requiresPayment, t.status)],
);

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
    /** C completed, TP treatment-planned */
    procStatus: text('proc_status').notNull(),
    treatPlanNum: integer('treat_plan_num'),
    fee: integer('fee').notNull(),
    insuranceEst: integer('insurance_est').notNull().default(0),
    paidFromInsurance: integer('paid_from_insurance').notNull().default(0),
    waitingFromInsurance: integer('waiting_from_insurance').notNull().default(0),
    writeOff: integer('write_off').notNull().default(0),
    adjustment: integer('adjustment').notNull().default(0),
    patientPaid: integer('patient_paid').notNull().default(0),
    paymentPlanPending: integer('payment_plan_pending').notNull().default(0),
  },
  (t) => [
    index('procedures_patient').on(t.patientId),
    index('procedures_company_date').on(t.companyId, t.procDate),
  ],
);

// ── Chairside customers and their cards ───────────────────────────────────────────────────────

/** A patient brought into Chairside (the spec's customer). Changes are written through to `patients`. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id').references(() => patients.id),
    patientKey: integer('patient_key'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    cell: text('cell').notNull().default(''),
    zip: text('zip').notNull().default(''),
    clinicNum: integer('clinic_num').notNull().default(0),
    guarantorId: integer('guarantor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_company_patient').on(t.companyId, t.patientKey),
    index('customers_company_last').using('btree', t.companyId, sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The card provider's token; the sandbox never holds a card number. */
    providerToken: text('provider_token').notNull(),
    /** VISA | AMERICAN_EXPRESS | DINERS_CLUB | JCB | MASTERCARD | DISCOVER */
    cardType: text('card_type').notNull(),
    /** The masked number as the provider returned it. */
    description: text('description').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** CREDIT | DEBIT: surcharges apply to credit cards only. */
    funding: text('funding').notNull().default('CREDIT'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('saved_cards_customer').on(t.customerId, t.isActive)],
);

// ── Payment requests (text to pay) and the sandbox outbox ─────────────────────────────────────

export const paymentRequests = pgTable(
  'payment_requests',
  {
    /** The request's id, shown to staff (the Patient ID pill's hover) and on its transactions. */
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The secret in the patient's link (`/#/p/{linkToken}`): the only key to the public payment page,
     * so the id staff see and share never opens it. The app sets 24 random bytes; the default covers
     * rows written without it (the seed's bulk inserts).
     */
    linkToken: text('link_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The amount requested, before any surcharge. */
    amount: integer('amount').notNull(),
    /** What was paid, before surcharge (set when paid). */
    orderAmount: integer('order_amount'),
    surchargeAmount: integer('surcharge_amount').notNull().default(0),
    eMail: text('e_mail').notNull().default(''),
    toPhone: text('to_phone').notNull().default(''),
    message: text('message').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    created: createdAt(),
    paymentPage: ts('payment_page'),
    paid: ts('paid'),
    cancelled: ts('cancelled'),
    resent: ts('resent'),
    /**
     * Set while the public page is charging a card for this request: the claim that makes two
     * payments at once charge once. Cleared when the charge's outcome is recorded; a claim older than
     * the payment timeout is stale (the server stopped mid-payment) and may be taken over.
     */
    paymentStarted: ts('payment_started'),
    /** The Idempotency-Key of the payment holding the claim: a retry of that same payment may resume it. */
    paymentKey: text('payment_key'),
  },
  (t) => [
    index('payment_requests_company_created').on(t.companyId, t.created),
    index('payment_requests_customer').on(t.customerId),
    // The dashboard's open requests: few rows, whatever the practice's history.
    index('payment_requests_company_open')
      .on(t.companyId)
      .where(sql`${t.paid} is null and ${t.cancelled} is null`),
  ],
);

export const paymentRequestReminders = pgTable(
  'payment_request_reminders',
  {
    id: serial('id').primaryKey(),
    paymentRequestId: uuid('payment_request_id')
      .notNull()
      .references(() => paymentRequests.id),
    dateTime: createdAt(),
  },
  (t) => [index('payment_request_reminders_request').on(t.paymentRequestId)],
);

/**
 * The card a patient entered on the public payment page, bound to the frame's nonce. The nonce is
 * single-use at the provider, so the first call that sees it (the surcharge quote, or the payment)
 * exchanges it for a token and records the card's funding here; the payment then charges this
 * token with the surcharge that was disclosed for it.
 */
export const paymentPageCards = pgTable(
  'payment_page_cards',
  {
    id: serial('id').primaryKey(),
    paymentRequestId: uuid('payment_request_id')
      .notNull()
      .references(() => paymentRequests.id),
    /** sha256 of the nonce (hex): the nonce itself is never kept. */
    nonceHash: text('nonce_hash').notNull(),
    providerToken: text('provider_token').notNull(),
    cardType: text('card_type').notNull(),
    description: text('description').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** CREDIT | DEBIT */
    funding: text('funding').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_page_cards_request_nonce').on(t.paymentRequestId, t.nonceHash)],
);

/** A request sent to a patient to store a card on file themselves, through a link (`/#/card/{token}`). */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The secret in the link; the link stores one card, then says it was used. */
    linkToken: text('link_token').notNull().unique(),
    eMail: text('e_mail').notNull().default(''),
    toPhone: text('to_phone').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    created: createdAt(),
    /** When the patient stored a card through the link. */
    completed: ts('completed'),
    savedCardId: integer('saved_card_id').references(() => savedCards.id),
  },
  (t) => [index('card_requests_customer').on(t.customerId)],
);

/** Texts and e-mails the sandbox "sent": readable at /sandbox/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    /** SMS | EMAIL */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created').on(t.createdAt)],
);

// ── Payment plans ─────────────────────────────────────────────────────────────────────────────

/** A plan's card charge in flight (payment_plans.pending_charge). */
export interface PendingPlanCharge {
  /** The provider idempotency key: a replay with it is the same charge. */
  key: string;
  /** Wall-clock time the charge started (a lease, not a business date). */
  startedAt: string;
  /** DETAIL: a cycle of the schedule (billing run, Process Payment, a declined retry); BALANCE: Make a Payment. */
  kind: 'DETAIL' | 'BALANCE';
  /** BILLING (the run), NOW (Process Payment), RETRY (processDeclines); BALANCE charges have none. */
  mode: 'BILLING' | 'NOW' | 'RETRY' | null;
  detailId: number | null;
  savedCardId: number;
  orderAmount: number;
  surchargeAmount: number;
  note: string | null;
}

export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** ACTIVE | INACTIVE | COMPLETE */
    status: text('status').notNull().default('ACTIVE'),
    /** MONTHLY | BIWEEKLY | WEEKLY */
    frequency: text('frequency').notNull().default('MONTHLY'),
    total: integer('total').notNull(),
    cycleCount: integer('cycle_count').notNull(),
    isCash: boolean('is_cash').notNull().default(false),
    isNotifyingForPastDuePayments: boolean('is_notifying_for_past_due_payments').notNull().default(true),
    customerSavedCardId: integer('customer_saved_card_id').references(() => savedCards.id),
    hasSurcharge: boolean('has_surcharge').notNull().default(false),
    surchargeRateBps: integer('surcharge_rate_bps').notNull().default(0),
    approvedMethod: text('approved_method'),
    ipAddress: text('ip_address'),
    signature: text('signature'),
    template: text('template'),
    approvedDate: ts('approved_date'),
    cancelledDate: ts('cancelled_date'),
    completedDate: ts('completed_date'),
    createdAt: createdAt(),
    /**
     * A card charge for this plan that is under way: set before the card provider is called and
     * cleared when its outcome is recorded. It makes charges of one plan run one at a time, and holds
     * what is needed to replay the charge with the same idempotency key if the server stopped between
     * the provider's answer and the write (see server/payment-plans/charges.ts).
     */
    pendingCharge: jsonb('pending_charge').$type<PendingPlanCharge>(),
  },
  (t) => [index('payment_plans_company_status').on(t.companyId, t.status)],
);

export const paymentPlanDetails = pgTable(
  'payment_plan_details',
  {
    id: serial('id').primaryKey(),
    paymentPlanId: integer('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    cycle: integer('cycle').notNull(),
    isDownPayment: boolean('is_down_payment').notNull().default(false),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    amountDue: integer('amount_due').notNull(),
    processedToLedger: boolean('processed_to_ledger').notNull().default(false),
    /** APPROVED | DECLINED, once processed */
    disposition: text('disposition'),
    referenceId: text('reference_id'),
  },
  (t) => [index('payment_plan_details_plan').on(t.paymentPlanId, t.cycle)],
);

// ── Memberships ───────────────────────────────────────────────────────────────────────────────

/** A membership a practice offers (the catalogue). */
export const membershipPlans = pgTable('membership_plans', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  imageId: text('image_id'),
  discountPlan: text('discount_plan').notNull().default(''),
  monthlyAmount: integer('monthly_amount').notNull(),
  yearlyAmount: integer('yearly_amount').notNull(),
  benefits: jsonb('benefits').$type<{ id: number; label: string }[]>().notNull().default([]),
});

export const customerMembershipBillings = pgTable(
  'customer_membership_billings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** ACTIVE | INACTIVE | EXPIRED | AWAITINGPATIENT */
    status: text('status').notNull(),
    /** MONTHLY | YEARLY */
    cycle: text('cycle').notNull(),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextBillingDate: date('next_billing_date', { mode: 'string' }),
    monthlyExpires: date('monthly_expires', { mode: 'string' }),
    monthExpirationSelection: integer('month_expiration_selection').notNull().default(1),
    /** CANCEL | EXPIRING | YEARLYONCE | YEARLY | STARTDATE */
    renewalMode: text('renewal_mode').notNull(),
    yearlyNextCycleAutoRenew: boolean('yearly_next_cycle_auto_renew').notNull().default(true),
    yearlyAutoRenew: boolean('yearly_auto_renew').notNull().default(true),
    displayExpiration: boolean('display_expiration').notNull().default(true),
    customerSavedCardId: integer('customer_saved_card_id').references(() => savedCards.id),
    approvedMethod: text('approved_method'),
    ipAddress: text('ip_address'),
    signature: text('signature'),
    template: text('template'),
    approvedDate: ts('approved_date'),
    cancelledDate: ts('cancelled_date'),
    expiredDate: ts('expired_date'),
    createdAt: createdAt(),
  },
  (t) => [index('cmb_company_status').on(t.companyId, t.status)],
);

export const customerMembershipBillingLines = pgTable('customer_membership_billing_lines', {
  id: serial('id').primaryKey(),
  customerMembershipBillingId: integer('customer_membership_billing_id')
    .notNull()
    .references(() => customerMembershipBillings.id),
  membershipPlanId: integer('membership_plan_id')
    .notNull()
    .references(() => membershipPlans.id),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  qty: integer('qty').notNull().default(1),
  amount: integer('amount').notNull(),
});

// ── Insurance reimbursements ──────────────────────────────────────────────────────────────────

export const insurancePayments = pgTable('insurance_payments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  date: date('date', { mode: 'string' }).notNull(),
  /** CARD | CHECK */
  fundingSource: text('funding_source').notNull(),
  cardDescription: text('card_description'),
  cardType: text('card_type'),
  /** The check number for checks. */
  referenceId: text('reference_id'),
  carrierName: text('carrier_name').notNull().default(''),
  json: jsonb('json').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const insurancePaymentDetails = pgTable('insurance_payment_details', {
  id: serial('id').primaryKey(),
  insurancePaymentId: integer('insurance_payment_id')
    .notNull()
    .references(() => insurancePayments.id),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patients.id),
  procCodeCount: integer('proc_code_count').notNull().default(0),
  deductible: integer('deductible').notNull().default(0),
  reimbursed: integer('reimbursed').notNull().default(0),
  writtenOff: integer('written_off').notNull().default(0),
  requestedPayment: integer('requested_payment').notNull().default(0),
  paid: integer('paid').notNull().default(0),
  procedureJson: jsonb('procedure_json').$type<unknown[]>().notNull().default([]),
  notificationId: uuid('notification_id'),
});

// ── Money movement: transactions, refunds, the payment ledger ────────────────────────────────

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id').references(() => customers.id),
    /** Dash-separated provider reference; the first segment is the displayed transaction ID. */
    referenceId: text('reference_id').notNull().unique(),
    transactionResultId: text('transaction_result_id').notNull(),
    /** APPROVED | DECLINED */
    status: text('status').notNull(),
    reason: text('reason'),
    /** What was charged, surcharge included. */
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surchargeAmount: integer('surcharge_amount').notNull().default(0),
    /** CARD | CASH | CHECK */
    fundingSource: text('funding_source').notNull(),
    cardType: text('card_type'),
    cardDescription: text('card_description'),
    expMonth: text('exp_month'),
    expYear: text('exp_year'),
    resultMetaData: jsonb('result_meta_data').$type<Record<string, unknown>>(),
    /** PAYMENTPLAN | INSURANCE | MEMBERSHIP | VIRTUALTERMINAL | TERMINAL | PAYMENTPAGE | TEXTTOPAY */
    source: text('source').notNull(),
    terminalDescription: text('terminal_description'),
    created: createdAt(),
    /** When the provider settled the batch holding it; null while unsettled. */
    settledAt: ts('settled_at'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    insurancePaymentId: integer('insurance_payment_id').references(() => insurancePayments.id),
    notificationId: uuid('notification_id').references(() => paymentRequests.id),
    note: text('note'),
    noteLabel: text('note_label'),
    associatedAutoMessage: text('associated_auto_message'),
    associatedManMessage: text('associated_man_message'),
    /** 0 pending, 1 failed, 2 posted to the practice system */
    practiceManagementStatus: integer('practice_management_status').notNull().default(0),
    orphanRemoved: ts('orphan_removed'),
  },
  (t) => [
    index('transactions_company_created').on(t.companyId, t.created),
    index('transactions_customer').on(t.customerId),
    index('transactions_plan').on(t.paymentPlanId),
    index('transactions_notification').on(t.notificationId),
    // A payment request is paid once: at most one approved payment points to it.
    uniqueIndex('transactions_notification_approved')
      .on(t.notificationId)
      .where(sql`${t.status} = 'APPROVED'`),
  ],
);

/** Refunds and voids. Several partial refunds may exist for one transaction; their sum never exceeds it. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** REFUNDED | VOIDED */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surchargeAmount: integer('surcharge_amount').notNull().default(0),
    referenceId: text('reference_id').notNull(),
    created: createdAt(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    index('refunds_transaction').on(t.transactionId),
    // The dashboard deducts the refunds and voids made in a period.
    index('refunds_company_created').on(t.companyId, t.created),
  ],
);

export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    paymentPlanDetailId: integer('payment_plan_detail_id').references(() => paymentPlanDetails.id),
    transactionId: integer('transaction_id').references(() => transactions.id),
    /** PAYMENT | ADJUSTMENT */
    kind: text('kind').notNull().default('PAYMENT'),
    dateTime: createdAt(),
    description: text('description').notNull(),
    /** CARD | CASH | CHECK (null for adjustments) */
    fundingSource: text('funding_source'),
    cardType: text('card_type'),
    cardDescription: text('card_description'),
    /** Signed: a payment or a CREDIT adjustment lowers the balance and is positive. */
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surcharge: integer('surcharge').notNull().default(0),
    /** APPROVED | DECLINED */
    status: text('status').notNull(),
    reason: text('reason'),
    referenceId: text('reference_id'),
    checkNum: text('check_num'),
    note: text('note'),
    removed: ts('removed'),
  },
  (t) => [
    index('payment_ledger_plan').on(t.paymentPlanId),
    index('payment_ledger_membership').on(t.customerMembershipBillingId),
  ],
);

// ── Notifications ─────────────────────────────────────────────────────────────────────────────

export const companyNotifications = pgTable(
  'company_notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** PAYMENTPLAN_PASTDUE | MEMBERSHIP_PASTDUE | MEMBERSHIP_EXPIRING */
    type: text('type').notNull(),
    dateTime: createdAt(),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    amountDue: integer('amount_due'),
    yearlyExpDays: integer('yearly_exp_days'),
  },
  (t) => [index('company_notifications_company_time').on(t.companyId, t.dateTime)],
);

/** A message to users (all users when userId is null), shown as a dismissable banner. */
export const userNotifications = pgTable('user_notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id),
  /** The banner's intent: info | success | warning | error */
  type: text('type').notNull().default('info'),
  icon: text('icon'),
  created: createdAt(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  fullyQualifiedUrl: text('fully_qualified_url'),
});

export const userNotificationDismissals = pgTable(
  'user_notification_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userNotificationId: integer('user_notification_id')
      .notNull()
      .references(() => userNotifications.id),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userNotificationId] })],
);

// ── Platform plumbing: idempotency, identity, sandbox state ───────────────────────────────────

/** A money-moving request's first result, replayed for a repeated idempotency key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    response: jsonb('response').$type<unknown>(),
    status: integer('status'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.route, t.key] })],
);

/**
 * Counters of failed attempts (wrong passwords, unknown public-link tokens), kept here rather than in
 * memory so that every server instance shares them. `key` names what is counted and for whom
 * (`signin:account:{email}`, `signin:address:{ip}`, `link:address:{ip}`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull(),
  /** Attempts are refused until then. */
  blockedUntil: ts('blocked_until'),
});

/** Origins outside Chairside whose pages may call the API with a practice's tokens (CORS). */
export const practiceEmbedOrigins = pgTable(
  'practice_embed_origins',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** scheme://host[:port], lower-case, no path. */
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.origin] }),
    index('practice_embed_origins_origin').on(t.origin),
  ],
);

/**
 * A practice-system integration (an add-on's backend): a confidential OAuth client that exchanges its
 * secret for short-lived tokens (client credentials) carrying only the roles the practice granted it.
 */
export const practiceIntegrations = pgTable('practice_integrations', {
  clientId: text('client_id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  /** scrypt hash of the client secret; the secret itself is shown once and never stored. */
  secretHash: text('secret_hash').notNull(),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  revokedAt: ts('revoked_at'),
});

/**
 * One-time links of the identity provider: a password reset (forgot password) or an invitation to
 * set a first password. Only a hash of the link's secret is kept.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** RESET | INVITE */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_links_user').on(t.userId)],
);

/** oidc-provider's models (sessions, grants, codes, refresh tokens…) so a restart signs nobody out. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant').on(t.grantId),
    index('oidc_payloads_uid').on(t.uid),
  ],
);

/** Signing keys (private JWKs) and cookie keys of the identity provider. */
export const oidcKeys = pgTable('oidc_keys', {
  id: serial('id').primaryKey(),
  /** signing | cookie */
  kind: text('kind').notNull(),
  material: jsonb('material').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Small key/value state of the sandbox itself, such as the clock offset. */
export const sandboxState = pgTable('sandbox_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

// ── The card-entry test provider's own records (it plays an outside service) ──────────────────

/** Cards the test provider has vaulted: never a full number, only what its answers need. */
export const providerCards = pgTable('provider_cards', {
  token: text('token').primaryKey(),
  businessId: text('business_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** CREDIT | DEBIT */
  funding: text('funding').notNull(),
  /** What a charge against this card does: APPROVE | DECLINE */
  behaviour: text('behaviour').notNull(),
  createdAt: createdAt(),
});

/** Charges, refunds and voids the test provider processed. */
export const providerCharges = pgTable('provider_charges', {
  referenceId: text('reference_id').primaryKey(),
  businessId: text('business_id').notNull(),
  token: text('token').notNull(),
  /** SALE | REFUND | VOID */
  kind: text('kind').notNull(),
  amount: integer('amount').notNull(),
  approved: boolean('approved').notNull(),
  parentReferenceId: text('parent_reference_id'),
  createdAt: ts('created_at').notNull(),
});
