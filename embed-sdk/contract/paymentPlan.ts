/**
 * Payment plans (part 1: "Payment plan detail modal", "Ledger table"; part 2: "Payment plan schedule
 * table", "Payment ledger"): a patient's treatment split into scheduled cycles, billed on their dates
 * against the card on file (or paid at the desk for cash and check plans).
 *
 * Roles: reading needs VIEWPAYMENTPLANS (or EDITPAYMENTPLANS); every change needs EDITPAYMENTPLANS
 * except refunds (PROCESSREFUND) and voids (PROCESSVOID, see refundVoid.ts). A plan, row or ledger
 * item of another practice answers 404, as one that does not exist.
 *
 * Money is integer cents. The rows of the schedule plus the adjustments (CREDIT positive, DEBIT
 * negative) always add up to the plan total: edits and skips move money between rows, they never
 * change the total. Calls that move money are idempotent (send an Idempotency-Key). A refusal the
 * front desk should read (a declined card, an amount above the balance, a date out of bounds) is a
 * 200 with isSuccess false and the message in `errors`.
 */
import { z } from 'zod';
import {
  CalendarDay,
  CardType,
  Cents,
  FundingSource,
  Id,
  IsoDate,
  MAX_AMOUNT,
  PageNumber,
  RecordId,
  type Role,
} from './common.js';
import { get, post } from './endpoint.js';
import { SavedCard } from './savedCard.js';
import { validationMessages } from '../validation/messages.js';

export const PLAN_VIEW_ROLES: Role[] = ['VIEWPAYMENTPLANS', 'EDITPAYMENTPLANS'];
export const PLAN_EDIT_ROLES: Role[] = ['EDITPAYMENTPLANS'];

/** The product's texts for plan actions (part 1, section 8; part 2, section 8), verbatim. */
export const PLAN_MESSAGES = {
  automated: 'The card has been attached to the payment plan and will now process automatically.',
  declineReminderSent: 'The decline reminder has been sent to the patient',
  approved: 'Your transaction was completed.',
  cardAttached: 'Card Attached: The selected card will be used for this payment plan going forward.',
  canceled: 'This payment plan has been canceled, and will no longer process transactions.',
  activated: 'This payment plan has been activated.',
  declinesProcessed: 'Your declined transactions have been processed.',
  declinesFailed: 'There was an error processing your declines.',
  refunded: 'The refund has been processed.',
  movedToEnd: 'This amount has been removed from the balance and moved to the end of the payment schedule.',
  paymentProcessed: 'The payment has been processed',
  updated: 'Payment plan has been updated',
  planUpdated: 'Payment plan updated',
  cannotReactivate: 'Canceled payment plans cannot be re-activated',
  refundUnavailableTitle: 'Refund Unavailable',
  refundUnavailable: 'This transaction is older than 180 days and can no longer be refunded.',
  scheduleCompleted: 'Schedule Completed',
  startingOnNextBillingDate: 'Starting on next billing date',
} as const;

export const PlanStatus = z.enum(['ACTIVE', 'INACTIVE', 'COMPLETE']);
export type PlanStatus = z.infer<typeof PlanStatus>;

export const Frequency = z.enum(['MONTHLY', 'BIWEEKLY', 'WEEKLY']);
export type Frequency = z.infer<typeof Frequency>;

/** How the patient agreed to the plan (the Authorization tab). */
export const ApprovedMethod = z.enum(['SIGNATURE', 'VERBAL', 'WRITTEN']);
export type ApprovedMethod = z.infer<typeof ApprovedMethod>;

/**
 * A processed row's outcome. SKIPPED: nothing was billed (a skipped cycle whose day came, or a
 * declined amount that was moved to the end or removed as a credit).
 */
export const Disposition = z.enum(['APPROVED', 'DECLINED', 'SKIPPED']);
export type Disposition = z.infer<typeof Disposition>;

/** The longest plan: ten years of weekly cycles. */
export const MAX_CYCLES = 520;
export const MAX_PLAN_TOTAL = 99_999_999;

/** One row of the schedule (the spec's payment plan detail and detail line). */
export const PaymentPlanDetail = z.object({
  id: z.number().int(),
  /** 0 for the down payment. The parts of a row a payment covered in part share their cycle. */
  cycle: z.number().int(),
  isDownPayment: z.boolean(),
  billingDate: CalendarDay,
  amountDue: Cents,
  /** `amountDue × surchargeRate` when the plan has a surcharge; 0 otherwise. */
  surcharge: Cents,
  /** `amountDue + surcharge`. */
  total: Cents,
  /** Done: paid, declined or skipped. */
  processedToLedger: z.boolean(),
  disposition: Disposition.nullable(),
  /** The payment that paid it, or the last attempt. */
  referenceId: z.string().nullable(),
  /** The paying card payment has settled, as last known (ask getTransaction for the provider's answer). */
  isSettled: z.boolean(),
  /** The schedule table's action menu (the caller's role is not taken into account). */
  actions: z.object({
    edit: z.boolean(),
    /** Process Payment: only the next scheduled payment of a card plan. */
    processNow: z.boolean(),
    /** The three skip actions: not on the last row, and only with something due. */
    skip: z.boolean(),
  }),
  /**
   * The date picker's bounds while editing: `minDate` is tomorrow for the first unprocessed row, the
   * previous row's date for the others; `maxDate` the next row's date (null for the last row, or when
   * the remaining cycles move along). Null on processed rows.
   */
  minDate: CalendarDay.nullable(),
  maxDate: CalendarDay.nullable(),
});
export type PaymentPlanDetail = z.infer<typeof PaymentPlanDetail>;

/** One row of the payment history (the spec's payment ledger row). */
export const PaymentLedgerRow = z.object({
  id: z.number().int(),
  dateTime: z.string(),
  description: z.string(),
  /** PAYMENT: money in (or a declined attempt); ADJUSTMENT: a CREDIT or DEBIT. */
  kind: z.enum(['PAYMENT', 'ADJUSTMENT']),
  /** CREDIT lowers the balance, DEBIT raises it; null for payments. */
  adjustmentType: z.enum(['CREDIT', 'DEBIT']).nullable(),
  /** Null for adjustments. */
  fundingSource: FundingSource.nullable(),
  cardType: CardType.nullable(),
  cardDescription: z.string().nullable(),
  /** Charged, surcharge included. Adjustments: the amount, positive. */
  amount: Cents,
  orderAmount: Cents,
  surcharge: Cents,
  hasSurcharge: z.boolean(),
  status: z.enum(['APPROVED', 'DECLINED']),
  /** Shown instead of the status once the payment was refunded or voided. */
  refundVoidType: z.enum(['REFUNDED', 'VOIDED']).nullable(),
  refundVoidAmount: Cents.nullable(),
  reason: z.string().nullable(),
  referenceId: z.string().nullable(),
  checkNum: z.string().nullable(),
  note: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  /** The id refundVoid takes. */
  transactionResultId: z.string().nullable(),
  paymentPlanId: z.number().int(),
  paymentPlanDetailId: z.number().int().nullable(),
  customerMembershipBillingId: z.number().int().nullable(),
  /** Card payments: settled by the provider's batch, as last known. Cash and checks: true. */
  isSettled: z.boolean(),
  /** Older than 180 days: a refund shows 'Refund Unavailable'. */
  cantRefund: z.boolean(),
  /** The row's menu (the caller's roles are not taken into account). */
  actions: z.object({
    /** Cash or check payment not given back yet: refund-cash-check (PROCESSREFUND). */
    refundCashCheck: z.boolean(),
    /** Approved card payment not given back yet: refundVoid, REFUND once settled, VOID before (ask getTransaction). */
    refundOrVoid: z.boolean(),
    /** A declined item still past due: 'Remove and Create New Cycle' and 'Remove Ledger Item'. */
    moveToEnd: z.boolean(),
    remove: z.boolean(),
  }),
});
export type PaymentLedgerRow = z.infer<typeof PaymentLedgerRow>;

/** The spec's payment plan entity (part 1, section 3) with its schedule view (part 2). */
export const PaymentPlan = z.object({
  id: z.number().int(),
  patientKey: z.number().int().nullable(),
  customerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  eMail: z.string(),
  status: PlanStatus,
  /** 'Active', 'Starting on next billing date' (ACTIVE at cycle 0), 'Canceled' or 'Completed'. */
  statusLabel: z.string(),
  frequency: Frequency,
  created: z.string(),
  /** X of 'Cycle X of Y': the cycles done (paid, declined or skipped). */
  currentCycle: z.number().int(),
  cycleCount: z.number().int(),
  /** `currentCycle / cycleCount` as a percentage, between 0 and 100. */
  progressPercent: z.number().int().min(0).max(100),
  /** The next scheduled payment's date; null once nothing is scheduled ('Schedule Completed'). */
  nextBillingDate: CalendarDay.nullable(),
  cancelledDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  paymentPlanTotal: Cents,
  /** Received and kept (refunds and voids deducted), before surcharge. */
  paidToDate: Cents,
  paidToDateSurcharge: Cents,
  upcomingPayment: Cents,
  upcomingSurcharge: Cents,
  /** Everything still owed, the past due included. */
  balanceDue: Cents,
  /** The declined cycles not made up yet. */
  balancePastDue: Cents,
  /** CREDIT minus DEBIT adjustments: schedule + adjustments = total. */
  adjustments: z.number().int(),
  isCash: z.boolean(),
  isNotifyingForPastDuePayments: z.boolean(),
  customerSavedCardId: z.number().int().nullable(),
  /** The card on file (also when it was removed since). */
  card: SavedCard.extend({ isActive: z.boolean() }).nullable(),
  /** The plan's card is a credit card at a surcharging practice: each line carries `surchargeRateBps`. */
  hasSurcharge: z.boolean(),
  /** Basis points (300 = 3 %), capped at 3 %. */
  surchargeRateBps: z.number().int(),
  approvedMethod: ApprovedMethod.nullable(),
  ipAddress: z.string().nullable(),
  signature: z.string().nullable(),
  template: z.string().nullable(),
  approvedDate: z.string().nullable(),
  /** A card charge for this plan is under way; changes wait until it is recorded. */
  chargeInProgress: z.boolean(),
  ledgerDtos: z.array(PaymentLedgerRow),
  paymentPlanDetails: z.array(PaymentPlanDetail),
});
export type PaymentPlan = z.infer<typeof PaymentPlan>;

const PlanId = z.object({ paymentPlanId: RecordId });

export const getPaymentPlan = get('/api/paymentPlan/', {
  summary: 'One payment plan of the current practice, with its schedule and payment history.',
  query: z.object({ paymentPlanId: Id }),
  value: PaymentPlan,
});

// ── The Payment Plans page ────────────────────────────────────────────────────────────────────

/** The page's status filter: Active, Past due (active with a past-due balance), Completed, Canceled. */
export const PlanListStatus = z.enum(['ACTIVE', 'PAST_DUE', 'COMPLETE', 'INACTIVE']);
export type PlanListStatus = z.infer<typeof PlanListStatus>;

export const PaymentPlanListRow = PaymentPlan.pick({
  id: true,
  patientKey: true,
  customerId: true,
  firstName: true,
  lastName: true,
  status: true,
  statusLabel: true,
  frequency: true,
  created: true,
  currentCycle: true,
  cycleCount: true,
  nextBillingDate: true,
  cancelledDate: true,
  completedDate: true,
  paymentPlanTotal: true,
  balanceDue: true,
  balancePastDue: true,
  upcomingPayment: true,
  isCash: true,
});
export type PaymentPlanListRow = z.infer<typeof PaymentPlanListRow>;

export const list = post('/api/paymentPlan/list', {
  writes: 'nothing',
  summary: "The practice's payment plans, newest first, filtered and paged (the Payment Plans page).",
  body: z.object({
    status: PlanListStatus.optional(),
    /** A patient's name ("first last" works), e-mail, phone or patient number: a prefix. */
    search: z.string().trim().max(100).optional(),
    customerId: RecordId.optional(),
    page: PageNumber.default(1),
    /** The spec's default page size is 10. */
    pageSize: z.number().int().min(1).max(100).default(10),
  }),
  value: z.object({ paymentPlans: z.array(PaymentPlanListRow), totalCount: z.number().int() }),
});

// ── New Payment Plan ──────────────────────────────────────────────────────────────────────────

const ScheduleTerms = z.object({
  customerId: RecordId,
  /** The plan total, down payment included. */
  total: z.number().int().min(1, 'Total needs to be greater than zero.').max(MAX_PLAN_TOTAL),
  /** Billed on the day the plan is made, as cycle 0. */
  downPayment: z.number().int().min(0).max(MAX_AMOUNT).default(0),
  cycleCount: z.number().int().min(1).max(MAX_CYCLES),
  frequency: Frequency.default('MONTHLY'),
  /** The date of cycle 1: today or later. */
  firstBillingDate: IsoDate,
  /** The card on file that pays the plan; leave it out for a cash or check plan. */
  customerSavedCardId: RecordId.optional(),
  /** Paid at the desk in cash or by check: no card is charged. */
  isCash: z.boolean().default(false),
});

function checkTerms(
  b: {
    total: number;
    downPayment: number;
    cycleCount: number;
    isCash: boolean;
    customerSavedCardId?: number;
  },
  ctx: z.RefinementCtx,
) {
  if (b.downPayment >= b.total) {
    ctx.addIssue({
      code: 'custom',
      path: ['downPayment'],
      message: 'The down payment must be less than the total.',
    });
  } else if (b.total - b.downPayment < b.cycleCount) {
    ctx.addIssue({
      code: 'custom',
      path: ['cycleCount'],
      message: 'Each cycle needs at least 1 cent: use fewer cycles.',
    });
  }
  if (!b.isCash && b.customerSavedCardId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['customerSavedCardId'], message: 'Add a Card' });
  }
  if (b.isCash && b.customerSavedCardId !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['customerSavedCardId'],
      message: 'A cash or check plan has no card; leave the card out or turn isCash off.',
    });
  }
}

/** A row of a schedule not saved yet. */
export const PreviewRow = PaymentPlanDetail.pick({
  cycle: true,
  isDownPayment: true,
  billingDate: true,
  amountDue: true,
  surcharge: true,
  total: true,
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const preview = post('/api/paymentPlan/preview', {
  writes: 'nothing',
  summary:
    'The schedule a new plan would have (nothing is saved): the remainder of the split on the last cycle, the down payment today.',
  body: ScheduleTerms.superRefine(checkTerms),
  value: z.object({
    rows: z.array(PreviewRow),
    hasSurcharge: z.boolean(),
    surchargeRateBps: z.number().int(),
  }),
});

export const create = post('/api/paymentPlan/create', {
  summary:
    'Makes a plan with the previewed schedule. A card plan is charged at once for what is due today (the down payment).',
  body: ScheduleTerms.extend({
    approvedMethod: ApprovedMethod,
    /** The patient's signature (their typed name), for SIGNATURE. */
    signature: z.string().trim().max(200).optional(),
    /** The agreement's text; a standard one when left out. */
    template: z.string().trim().max(4000).optional(),
  }).superRefine((b, ctx) => {
    checkTerms(b, ctx);
    if (b.approvedMethod === 'SIGNATURE' && !b.signature) {
      ctx.addIssue({ code: 'custom', path: ['signature'], message: 'The signature is required.' });
    }
  }),
  value: PaymentPlan,
  idempotent: true,
});

// ── Card on file, notifications, reminders ────────────────────────────────────────────────────

const PlanCard = PlanId.extend({ customerSavedCardId: RecordId });

export const switchToCard = post('/api/paymentplan/switch-to-card', {
  summary:
    "Automate with Card: a cash or check plan is paid from now on with one of the patient's cards on file.",
  body: PlanCard,
  value: PaymentPlan,
});

export const setCustomerSavedCard = post('/api/paymentPlan/setCustomerSavedCard', {
  summary: 'Changes the card that pays the plan (a cash plan is automated by it, as switch-to-card does).',
  body: PlanCard,
  value: PaymentPlan,
});

export const setPastDueNotificationStatus = post('/api/paymentplan/set-past-due-notification-status', {
  summary: "Pause Notifications: whether the bell repeats the plan's past-due balance each morning.",
  body: PlanId.extend({ isNotifyingForPastDuePayments: z.boolean() }),
  value: PaymentPlan,
});

export const sendDeclineReminder = post('/api/paymentPlan/sendDeclineReminder', {
  summary: 'Texts and/or e-mails the patient about the past-due balance, with a link to store a new card.',
  body: PlanId,
  value: z.object({ sentBy: z.array(z.enum(['TEXT', 'EMAIL'])) }),
});

// ── Money in: payments, adjustments, declines, Process Payment ───────────────────────────────

export const PaymentType = z.enum(['CARDONFILE', 'CASH', 'CHECK', 'ADJ']);
export type PaymentType = z.infer<typeof PaymentType>;

export const AdjustmentType = z.enum(['CREDIT', 'DEBIT']);
export type AdjustmentType = z.infer<typeof AdjustmentType>;

/** A charge's outcome (card, cash or check); null fields for an adjustment. */
export const ChargeOutcome = z.object({
  isApproved: z.boolean(),
  /** Why the card was declined. */
  reason: z.string().nullable(),
  referenceId: z.string().nullable(),
  /** The transaction ID people see: the reference id's first segment. */
  transactionId: z.string().nullable(),
  orderAmount: Cents,
  surchargeAmount: Cents,
  /** What was charged: `orderAmount + surchargeAmount`. */
  total: Cents,
});
export type ChargeOutcome = z.infer<typeof ChargeOutcome>;

const Amount = z
  .number()
  .int('The amount must be whole cents.')
  .min(1, validationMessages.greaterThanZero('Amount'))
  .max(MAX_PLAN_TOTAL, 'The amount is too large.');

export const processBalance = post('/api/PaymentPlan/processBalance', {
  summary:
    'Make a Payment (card on file, cash, check) toward the balance, past due first; or an adjustment (ADJ) of the balance.',
  body: PlanId.extend({
    paymentType: PaymentType,
    amount: Amount,
    /** CARDONFILE: one of the patient's cards (credit cards carry the practice's surcharge). */
    customerSavedCardId: RecordId.optional(),
    checkNum: z.string().trim().max(30).optional(),
    note: z.string().trim().max(500).optional(),
    /** ADJ: what the adjustment is for. */
    description: z.string().trim().max(200).optional(),
    /** ADJ: CREDIT removes the amount from the balance (the default), DEBIT adds it. */
    type: AdjustmentType.default('CREDIT'),
  }).superRefine((b, ctx) => {
    if (b.paymentType === 'CARDONFILE' && b.customerSavedCardId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customerSavedCardId'], message: 'Add a Card' });
    }
    if (b.paymentType === 'ADJ' && !b.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'The description is required.' });
    }
  }),
  value: z.object({ outcome: ChargeOutcome.nullable(), plan: PaymentPlan }),
  idempotent: true,
});

export const processDeclines = post('/api/paymentPlan/processDeclines', {
  summary: "Charges the plan's card again for each declined cycle, oldest first; stops at the first decline.",
  query: z.object({ paymentPlanId: Id }),
  value: z.object({
    results: z.array(ChargeOutcome.extend({ paymentPlanDetailId: z.number().int() })),
    plan: PaymentPlan,
  }),
  idempotent: true,
});

export const processPaymentNow = post('/api/paymentplan/processPaymentNow', {
  summary: 'Process Payment: charges the next scheduled payment of a card plan now, before its date.',
  body: z.object({ paymentPlanDetailId: RecordId }),
  value: z.object({ outcome: ChargeOutcome, plan: PaymentPlan }),
  idempotent: true,
});

// ── Status ────────────────────────────────────────────────────────────────────────────────────

export const setActive = post('/api/PaymentPlan/setActive', {
  summary:
    'active false cancels the plan (INACTIVE, for good); active true re-activates a canceled plan only after one of its payments was voided or refunded.',
  body: PlanId.extend({ active: z.boolean() }),
  value: PaymentPlan,
});

export const cancel = post('/api/paymentPlan/cancel', {
  summary: 'Cancel Plan: INACTIVE from now on; it no longer processes transactions.',
  body: PlanId,
  value: PaymentPlan,
});

// ── Schedule edits ────────────────────────────────────────────────────────────────────────────

export const updateDetail = post('/api/paymentPlan/updateDetail', {
  summary:
    "Edits an unprocessed row's date and amount. The difference goes to the last cycle, or with updateRemaining is shared by the later cycles, whose dates then follow the new one.",
  body: PlanId.extend({
    id: RecordId,
    billingDate: IsoDate,
    /** Zero allowed. */
    amountDue: Cents.min(0, 'The amount cannot be negative.').max(MAX_PLAN_TOTAL),
    updateRemaining: z.boolean().default(false),
  }),
  value: PaymentPlan,
});

export const SkipAction = z.enum(['NEXT', 'LAST', 'MOVEEND']);
export type SkipAction = z.infer<typeof SkipAction>;

export const moveDetail = post('/api/paymentPlan/moveDetail', {
  summary:
    'Skip and Add to Next Cycle (NEXT), Skip and Add to Last Cycle (LAST), Skip and Create New Cycle (MOVEEND).',
  body: z.object({ action: SkipAction, id: RecordId }),
  value: PaymentPlan,
});

// ── Ledger items ──────────────────────────────────────────────────────────────────────────────

const LedgerItem = z.object({ paymentLedgerId: RecordId });

export const refundCashCheck = post('/api/paymentplan/refund-cash-check', {
  summary:
    'Refunds a cash or check payment of the plan, in full; what it paid is owed again (past due once its date has come).',
  body: PlanId.extend({ paymentLedgerId: RecordId, amount: Amount }),
  value: PaymentPlan,
  idempotent: true,
});

export const moveLedgerScheduleToEnd = post('/api/paymentplan/moveLedgerScheduleToEnd', {
  summary:
    'Remove and Create New Cycle: a declined item leaves the ledger and the past due; its amount becomes a new cycle at the end.',
  body: LedgerItem,
  value: PaymentPlan,
});

export const removeLedgerItem = post('/api/paymentplan/removeLedgerItem', {
  summary:
    'Remove Ledger Item: a declined item leaves the ledger and the past due as a credit on the account (a CREDIT adjustment).',
  body: LedgerItem,
  value: PaymentPlan,
});
