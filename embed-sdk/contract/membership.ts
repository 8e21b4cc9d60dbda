/**
 * Memberships (part 2: "Membership billing detail", "Membership notifications", the customer
 * membership billing entity, sections 4 to 9; part 1: the 'Membership for {name}' modal, the
 * membershipDays setting): in-house dental plans that a practice sells from its catalogue, billed
 * monthly or yearly against the card on file by the same engine as payment plans.
 *
 * Roles (section 6): reading needs VIEWMEMBERSHIPS (or EDITMEMBERSHIPS); every change to a membership
 * needs EDITMEMBERSHIPS, the decline reminder included (section 6 lists Send Reminder under
 * VIEWMEMBERSHIPS, but a view-only person sends nothing, as with payment plans); the catalogue's
 * changes need MANAGEMEMBERSHIPS (reading it: any of the three). A membership, plan or
 * link of another practice answers 404, as one that does not exist.
 *
 * Money is integer cents. Each enrollee line costs `qty × amount` a cycle; the membership's `amount`
 * is the sum of its lines, before any surcharge. A credit card at a surcharging practice adds the
 * practice's rate (capped at 3 %) to each charge. Calls that move money take an Idempotency-Key. A
 * refusal staff should read (a declined card) is a 200 whose value says so; a call that cannot apply
 * (canceling an expired membership) is a 200 with isSuccess false and the message in `errors`.
 *
 * Terms. A YEARLY membership's term ends on its next billing date; a MONTHLY one's on `monthlyExpires`
 * when set (one of the 120 monthly anniversaries, section 9), else it renews every month until
 * canceled. At a term's end the renewal mode applies: YEARLY renews (bills again), YEARLYONCE renews
 * once then becomes EXPIRING, EXPIRING expires (EXPIRED), CANCEL cancels (INACTIVE).
 */
import { z } from 'zod';
import {
  CalendarDay,
  Cents,
  eachOnce,
  Id,
  IsoDate,
  MAX_AMOUNT,
  PageNumber,
  PositiveCents,
  RecordId,
  type Role,
} from './common.js';
import { NotifyFields, checkChannels } from './channels.js';
import { get, post } from './endpoint.js';
import { CardQuote } from './paymentPage.js';
import { ExpiredLinkPage, LinkState } from './patientLinks.js';
import { CardEntry, LinkToken, Nonce, SavedCard } from './savedCard.js';
import { ChargeOutcome, PaymentLedgerRow } from './paymentPlan.js';
import { ENROLL_RULES, PLAN_IMAGE_DATA_URL, PLAN_RULES } from '../validation/membershipLimits.js';
import { validationMessages } from '../validation/messages.js';

export const MEMBERSHIP_VIEW_ROLES: Role[] = ['VIEWMEMBERSHIPS', 'EDITMEMBERSHIPS'];
export const MEMBERSHIP_EDIT_ROLES: Role[] = ['EDITMEMBERSHIPS'];
export const MEMBERSHIP_MANAGE_ROLES: Role[] = ['MANAGEMEMBERSHIPS'];
/** The catalogue is read by whoever enrols, views or manages. */
export const CATALOGUE_READ_ROLES: Role[] = ['VIEWMEMBERSHIPS', 'EDITMEMBERSHIPS', 'MANAGEMEMBERSHIPS'];

/** The product's texts for memberships (part 2, sections 4, 5 and 8; part 1), verbatim. */
export const MEMBERSHIP_MESSAGES = {
  canceledTitle: 'Canceled',
  canceled: 'This membership plan has been canceled.',
  renewSelectionSaved: 'Renew Selection Saved',
  savedTitle: 'Saved',
  saved: 'The membership changes have been saved.',
  reminderSentTitle: 'Reminder Sent',
  reminderSent: 'An e-mail has been sent regarding the declined payment',
  notifiedTitle: 'Notified',
  notified: 'The patient has been notified to complete their enrollment.',
  cardAttachedTitle: 'Card Attached',
  cardAttached: 'This card will be used for this membership going forward.',
  /** Followed by the transaction ID. */
  transactionApproved: 'Transaction Approved',
  /** Followed by the decline message or reason (restart or payment). */
  transactionDeclined: 'Transaction Declined',
  paymentProcessed: 'The payment has been processed',
  selectCancelOption: 'Please select when you would like to cancel the membership.',
  notifyPatientOfChanges: 'Notify patient via email of membership changes.',
  saveMembershipChanges: 'Save Membership Changes',
  onCompletionDate: 'On Completion Date',
  makePaymentFor: 'Make Payment For',
  processTransaction: 'Process Transaction',
  processPastDue: 'Process Past Due',
  sendReminder: 'Send Reminder',
  cancelMembership: 'Cancel Membership',
  changeCancel: 'Change/Cancel',
  awaitingCompletion: 'Awaiting Completion',
  associatedCard: 'This card is associated with an active payment plan or membership.',
} as const;

/** ACTIVE, INACTIVE (canceled), EXPIRED, AWAITINGPATIENT (section 4). */
export const MembershipStatus = z.enum(['ACTIVE', 'INACTIVE', 'EXPIRED', 'AWAITINGPATIENT']);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

export const MembershipCycle = z.enum(['MONTHLY', 'YEARLY']);
export type MembershipCycle = z.infer<typeof MembershipCycle>;

/**
 * CANCEL (cancel immediately when chosen in Renewal Options; a membership canceled "on expiration"
 * carries it until its term ends), EXPIRING (let expire), YEARLYONCE (renew once), YEARLY
 * (auto-renew), STARTDATE (not started yet).
 */
export const RenewalMode = z.enum(['CANCEL', 'EXPIRING', 'YEARLYONCE', 'YEARLY', 'STARTDATE']);
export type RenewalMode = z.infer<typeof RenewalMode>;

/** Cancel Membership: CANCEL immediately, EXP on expiration (the end of the current term). */
export const CancelAction = z.enum(['CANCEL', 'EXP']);
export type CancelAction = z.infer<typeof CancelAction>;

/** How the patient approved: a drawn or typed signature, or a ticked checkbox. */
export const MembershipApprovalMethod = z.enum(['SIGNATURE', 'CHECKBOX']);
export type MembershipApprovalMethod = z.infer<typeof MembershipApprovalMethod>;

/** A plan's image: a data URL (PNG, JPEG, WebP or GIF), carried inline (the spec's imageId). */
export const PlanImage = z
  .string()
  .max(PLAN_RULES.imageMax, PLAN_RULES.imageTooLarge)
  .regex(PLAN_IMAGE_DATA_URL, PLAN_RULES.imageType);

export const Benefit = z.object({ id: z.number().int(), label: z.string() });
export type Benefit = z.infer<typeof Benefit>;

// ── The catalogue (Membership Administration, MANAGEMEMBERSHIPS) ──────────────────────────────

export const MembershipPlan = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  benefits: z.array(Benefit),
  /** At least one of the two prices is set: the cycles the plan is sold in. */
  monthlyAmount: Cents.nullable(),
  yearlyAmount: Cents.nullable(),
  /** The linked discount plan's name; '' for none. */
  discountPlan: z.string(),
  /** A retired plan (false) keeps its members but takes no new ones. */
  isActive: z.boolean(),
  /** The catalogue's order, from 1. */
  sortOrder: z.number().int(),
  /** Enrollee lines of active or awaiting memberships on this plan. */
  memberCount: z.number().int(),
});
export type MembershipPlan = z.infer<typeof MembershipPlan>;

const PlanPrice = z
  .number()
  .int(validationMessages.money('price'))
  .min(1, validationMessages.greaterThanZero('Price'))
  .max(MAX_AMOUNT, PLAN_RULES.priceTooLarge);

const PlanFields = z.object({
  label: z.string().trim().min(1, PLAN_RULES.labelRequired).max(PLAN_RULES.labelMax),
  description: z.string().trim().max(PLAN_RULES.descriptionMax).default(''),
  image: PlanImage.nullable().default(null),
  benefits: z
    .array(z.string().trim().min(1, PLAN_RULES.benefitEmpty).max(PLAN_RULES.benefitMax))
    .max(PLAN_RULES.benefitsMax)
    .default([]),
  monthlyAmount: PlanPrice.nullable().default(null),
  yearlyAmount: PlanPrice.nullable().default(null),
  discountPlan: z.string().trim().max(PLAN_RULES.discountPlanMax).default(''),
});

function checkPrices(b: { monthlyAmount: number | null; yearlyAmount: number | null }, ctx: z.RefinementCtx) {
  if (b.monthlyAmount === null && b.yearlyAmount === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['monthlyAmount'],
      message: PLAN_RULES.priceRequired,
    });
  }
}

export const MembershipPlanInput = PlanFields.superRefine(checkPrices);
export type MembershipPlanInput = z.input<typeof MembershipPlanInput>;

export const listPlans = get('/api/membershipPlan/list', {
  summary: "The practice's membership plans in the catalogue's order (retired ones only when asked).",
  query: z.object({
    includeRetired: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
      .transform((v) => v === true || v === 'true' || v === '1')
      .default(false),
  }),
  value: z.array(MembershipPlan),
});

export const createPlan = post('/api/membershipPlan/create', {
  summary: 'Adds a plan at the end of the catalogue.',
  body: MembershipPlanInput,
  value: MembershipPlan,
});

export const updatePlan = post('/api/membershipPlan/update', {
  summary:
    "Edits a plan's label, description, image, benefits, prices and discount plan. Existing memberships keep their amounts.",
  body: PlanFields.extend({ id: RecordId }).superRefine(checkPrices),
  value: MembershipPlan,
});

export const setPlanActive = post('/api/membershipPlan/setActive', {
  summary: 'Retires a plan (isActive false: it keeps its members, takes no new ones) or brings it back.',
  body: z.object({ id: RecordId, isActive: z.boolean() }),
  value: MembershipPlan,
});

export const reorderPlans = post('/api/membershipPlan/reorder', {
  summary: "Sets the catalogue's order: every plan of the practice, once each, first to last.",
  body: z.object({
    ids: eachOnce(z.array(RecordId).min(1).max(200), {
      keyOf: (id) => id,
      message: 'names a plan already named before it: name each plan once.',
    }),
  }),
  value: z.array(MembershipPlan),
});

// ── The customer membership billing ───────────────────────────────────────────────────────────

/** One enrollee line (the spec's billingMemberships line). */
export const BillingMembership = z.object({
  id: z.number().int(),
  membershipPlanId: z.number().int(),
  label: z.string(),
  description: z.string(),
  /** The plan's image (the spec's imageId), or null. */
  image: z.string().nullable(),
  billingMembershipBenefits: z.array(Benefit),
  customerId: z.number().int(),
  customer: z.object({ firstName: z.string(), lastName: z.string() }),
  /** The linked discount plan; '' for none. */
  discountPlan: z.string(),
  qty: z.number().int(),
  /** One unit's cycle amount. */
  amount: Cents,
  /** `qty × amount`. */
  total: Cents,
});
export type BillingMembership = z.infer<typeof BillingMembership>;

/** The Authorization tab. */
export const MembershipAuthorization = z.object({
  method: MembershipApprovalMethod,
  ipAddress: z.string().nullable(),
  /** The signature (typed name or drawn image data URL); null for a checkbox. */
  signature: z.string().nullable(),
  /** The agreement's text the patient approved. */
  template: z.string().nullable(),
  approvedDate: z.string(),
});
export type MembershipAuthorization = z.infer<typeof MembershipAuthorization>;

/** A payment history row: the payment ledger row, as plans have it. */
export const MembershipLedgerRow = PaymentLedgerRow.omit({
  paymentPlanId: true,
  paymentPlanDetailId: true,
}).extend({ paymentPlanId: z.number().int().nullable() });
export type MembershipLedgerRow = z.infer<typeof MembershipLedgerRow>;

/** The spec's customer membership billing, with what the modal needs besides. */
export const CustomerMembershipBilling = z.object({
  id: z.number().int(),
  patientKey: z.number().int().nullable(),
  customerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  eMail: z.string(),
  status: MembershipStatus,
  cycle: MembershipCycle,
  /** A cycle's amount before surcharge: the sum of the lines' totals. */
  amount: Cents,
  /** Past due: declined charges not collected yet (before surcharge). */
  balance: Cents,
  startDate: CalendarDay,
  /** The next charge's date (yearly: the term's end); null once canceled or expired. */
  nextBillingDate: CalendarDay.nullable(),
  /** Monthly: the term's end when one is set (one of the 120 anniversaries); null renews until canceled. */
  monthlyExpires: CalendarDay.nullable(),
  /** 1: renews monthly until canceled; above 1: renews every 12 months. */
  monthExpirationSelection: z.number().int(),
  renewalMode: RenewalMode,
  /** The start date has come and the membership is not awaiting the patient. */
  hasStarted: z.boolean(),
  /**
   * The expiring alert may show: the term ends within the practice's membershipDays. The alert shows
   * when also renewalMode is EXPIRING, status ACTIVE and hasStarted (the rules in
   * embed-sdk/rules/memberships.ts).
   */
  displayExpiration: z.boolean(),
  /** Days from today to the term's end; null when the membership has no end. */
  daysUntilExpiration: z.number().int().nullable(),
  /** The term's end: what happens then is the renewal mode's. Null when none. */
  expirationDate: CalendarDay.nullable(),
  /** Awaiting the patient and the start date has passed: it starts on the completion date. */
  awaitingPatientPastStartDate: z.boolean(),
  cancelledDate: z.string().nullable(),
  expiredDate: z.string().nullable(),
  /**
   * A canceled or expired one: how it becomes active again (embed-sdk/rules/memberships.ts
   * `reactivationOf`): REACTIVATE free from `nextBillingDate` (setActive, the refund form's box), or
   * RESTART with a new year's charge (its paid year ended `paidThrough`). Null otherwise.
   */
  reactivation: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('REACTIVATE'), nextBillingDate: CalendarDay }),
      z.object({ kind: z.literal('RESTART'), paidThrough: CalendarDay }),
    ])
    .nullable(),
  customerSavedCardId: z.number().int().nullable(),
  /** The card on file (also when it was removed since). */
  card: SavedCard.extend({ isActive: z.boolean() }).nullable(),
  /** Yearly: whether the coming term's end renews (dontRenewNextYearlyCycle turns it off). */
  yearlyNextCycleAutoRenew: z.boolean(),
  /** Yearly: auto-renew every year. */
  yearlyAutoRenew: z.boolean(),
  /** The card on file is a credit card at a surcharging practice. */
  hasSurcharge: z.boolean(),
  /** Basis points (300 = 3 %), 0 when no surcharge applies. */
  surchargeRateBps: z.number().int(),
  /** The surcharge on `amount`, and what the card is charged a cycle. */
  surchargeAmount: Cents,
  cardTotal: Cents,
  /** A declined charge is retried on this day; null when none is scheduled. */
  nextRetryDate: CalendarDay.nullable(),
  /** Declined charges were retried on the whole schedule and the billing stopped retrying. */
  retriesExhausted: z.boolean(),
  /**
   * Awaiting: how the enrolment link was last sent, and when; when the current link was sent and
   * stops working (a reminder sends the same link; Send New Link a new one).
   */
  enrollment: z
    .object({ sentBy: z.array(z.enum(['TEXT', 'EMAIL'])), lastSent: z.string().nullable() })
    .extend(LinkState.shape)
    .nullable(),
  /** A card charge for this membership is under way; changes wait until it is recorded. */
  chargeInProgress: z.boolean(),
  authorization: MembershipAuthorization.nullable(),
  billingMemberships: z.array(BillingMembership),
  /** The payment history, newest first. */
  ledgerDtos: z.array(MembershipLedgerRow),
});
export type CustomerMembershipBilling = z.infer<typeof CustomerMembershipBilling>;

const MembershipId = z.object({ id: RecordId });

/** A membership's card charge: what a plan's charge answers (the transaction's outcome). */
export const MembershipChargeOutcome = ChargeOutcome;
export type MembershipChargeOutcome = z.infer<typeof MembershipChargeOutcome>;

/** A change whose answer carries the spec's actionMessage. */
const WithActionMessage = z.object({ actionMessage: z.string(), membership: CustomerMembershipBilling });

// ── Section 7's twelve calls ──────────────────────────────────────────────────────────────────

export const getCustomerMembershipBilling = get(
  '/api/customerMembershipBilling/getCustomerMembershipBilling',
  {
    summary: 'One membership of the current practice, with its enrollees, payment history and authorization.',
    query: z.object({ id: Id }),
    value: CustomerMembershipBilling,
  },
);

export const setActive = post('/api/customerMembershipBilling/setActive', {
  summary:
    'isActive false cancels the membership now; true re-activates a canceled (or expired) one, next billing today or later.',
  body: MembershipId.extend({ isActive: z.boolean() }),
  value: CustomerMembershipBilling,
});

export const setRenewMode = post('/api/customerMembershipBilling/setRenewMode', {
  summary:
    'Renewal Options: CANCEL cancels now; EXPIRING, YEARLYONCE, YEARLY set what the term end does; STARTDATE moves the start of one not started.',
  body: MembershipId.extend({
    renewalMode: RenewalMode,
    notifyPatient: z.boolean().default(false),
    /** STARTDATE: the new start (and first billing) date, today or later. */
    nextBillingDate: IsoDate.optional(),
    /** Monthly: the term's end, one of the 120 anniversaries of the next billing date; null: none. */
    monthlyExpires: IsoDate.nullable().optional(),
  }),
  value: WithActionMessage,
});

export const dontRenewNextYearlyCycle = post('/api/customerMembershipBilling/dontRenewNextYearlyCycle', {
  summary: "A yearly membership does not renew at its coming term's end.",
  body: MembershipId,
  value: CustomerMembershipBilling,
});

export const renewNextYearlyCycle = post('/api/customerMembershipBilling/renewNextYearlyCycle', {
  summary: "A yearly membership renews at its coming term's end again.",
  body: MembershipId,
  value: CustomerMembershipBilling,
});

export const restartExpiredYearlyMembership = post(
  '/api/customerMembershipBilling/restartExpiredYearlyMembership',
  {
    summary:
      'Restart Membership: an expired yearly membership starts again today and is charged a year (on customerSavedCardId when given, else the card on file); declined leaves it expired and changes nothing.',
    body: MembershipId.extend({
      /**
       * An addition to section 7, which names only `id`: after a decline the patient hands over
       * another card, and the card on file of an expired membership cannot be changed (the
       * saved-card selector is for active memberships only). One of the holder's active cards;
       * once approved, it is the membership's card on file. Without it, the card on file.
       */
      customerSavedCardId: RecordId.optional().describe(
        "Not in the spec (section 7 names only id): one of the holder's active cards to charge instead of the card on file; once approved, the membership's card on file.",
      ),
    }),
    value: z.object({
      isApproved: z.boolean(),
      referenceId: z.string().nullable(),
      /** Why the card was declined. */
      declineMessage: z.string().nullable(),
      transactionId: z.string().nullable(),
      membership: CustomerMembershipBilling,
    }),
    idempotent: true,
  },
);

export const sendDeclineReminder = post('/api/customerMembershipBilling/sendDeclineReminder', {
  summary:
    'Reminder Sent: e-mails the patient about the declined payment, with a link to store a new card. VIEWMEMBERSHIPS may (section 6).',
  writes: 'messages',
  body: z.object({ customerMembershipBillingId: RecordId }),
  value: z.object({ sentBy: z.array(z.enum(['TEXT', 'EMAIL'])) }),
});

export const saveMembershipChanges = post('/api/customerMembershipBilling/saveMembershipChanges', {
  summary:
    "Saves the enrollees' quantities and amounts (and the next billing date, yearly auto-renew); sendEmail e-mails the patient the changes.",
  body: MembershipId.extend({
    nextBillingDate: IsoDate.nullable().optional(),
    /** Each enrollee line of the membership at most once. */
    billingMemberships: eachOnce(
      z
        .array(
          z.object({
            id: RecordId,
            qty: z
              .number()
              .int('must be a whole number')
              .min(1, 'must be 1 or more')
              .max(20, 'must be at most 20'),
            amount: PositiveCents,
          }),
        )
        .min(1)
        .max(50),
      {
        keyOf: (line) => line.id,
        message: 'names an enrollee line already named before it: send each line once.',
      },
    ),
    yearlyAutoRenew: z.boolean().optional(),
    sendEmail: z.boolean().default(false),
  }),
  value: CustomerMembershipBilling,
});

export const notifyPatient = post('/api/customerMembershipBilling/notifyPatient', {
  summary:
    'Notified: sends the awaiting patient their enrolment link again (text and/or e-mail, as first sent); refused once the link has expired.',
  body: MembershipId,
  value: z.object({ sentBy: z.array(z.enum(['TEXT', 'EMAIL'])) }),
});

export const sendNewEnrollmentLink = post('/api/customerMembershipBilling/sendNewEnrollmentLink', {
  summary:
    'Send New Link: sends the awaiting patient a new enrolment link (text and/or e-mail, as first sent); the link sent before stops working at once.',
  body: MembershipId,
  value: z.object({ sentBy: z.array(z.enum(['TEXT', 'EMAIL'])) }),
});

export const processPayment = post('/api/customerMembershipBilling/processPayment', {
  summary:
    'Make Payment For / Process Past Due: charges the card on file an amount (surcharge added), which pays the past-due balance first.',
  body: MembershipId.extend({ amount: PositiveCents }),
  value: MembershipChargeOutcome.extend({ membership: CustomerMembershipBilling }),
  idempotent: true,
});

export const cancel = post('/api/customerMembershipBilling/cancel', {
  summary: 'Cancel Membership: CANCEL immediately, EXP at the end of the current term.',
  body: MembershipId.extend({
    cancelAction: CancelAction.optional(),
  }).superRefine((b, ctx) => {
    if (b.cancelAction === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancelAction'],
        message: MEMBERSHIP_MESSAGES.selectCancelOption,
      });
    }
  }),
  value: WithActionMessage,
});

export const setCustomerSavedCard = post('/api/customerMembershipBilling/setCustomerSavedCard', {
  summary: "Card Attached: one of the holder's cards on file pays the membership from now on.",
  body: z.object({ customerSavedCardId: RecordId, Id: RecordId }),
  value: CustomerMembershipBilling,
});

// ── New Membership (enrolment from the patient page) ──────────────────────────────────────────

export const Enrollee = z.object({
  /** The holder or a family member (same guarantor). */
  customerId: RecordId,
  membershipPlanId: RecordId,
  qty: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(ENROLL_RULES.qtyMax, `must be at most ${ENROLL_RULES.qtyMax}`),
});
export type Enrollee = z.infer<typeof Enrollee>;

/** A patient of the holder's family as New Membership offers them (the guarantor first). */
export const MembershipFamilyMember = z.object({
  /** The patient number. */
  key: z.number().int(),
  /** Their Chairside customer id; null until one is made when they are added (familyMemberCustomer). */
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  isGuarantor: z.boolean(),
  /** The holder themself. */
  isHolder: z.boolean(),
});
export type MembershipFamilyMember = z.infer<typeof MembershipFamilyMember>;

export const membershipFamily = get('/api/customerMembershipBilling/family', {
  summary:
    "New Membership's enrollees to offer: the holder's family (everyone sharing their guarantor), the guarantor first. Memberships' own read: it needs no procedure allocation.",
  query: z.object({ customerId: Id }),
  value: z.array(MembershipFamilyMember),
});

export const familyMemberCustomer = post('/api/customerMembershipBilling/familyMemberCustomer', {
  summary:
    "A family member added to New Membership: their customer, made from their patient record when they have none yet. Only the holder's family.",
  body: z.object({ customerId: RecordId, patientKey: RecordId }),
  value: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
});

/** NOW: the patient approves at the desk; LINK: they are sent the enrolment page (AWAITINGPATIENT). */
export const ApproveBy = z.enum(['NOW', 'LINK']);
export type ApproveBy = z.infer<typeof ApproveBy>;

export const EnrollmentTerms = z.object({
  /** The holder: the patient who pays. */
  customerId: RecordId,
  /**
   * The holder and their family (one guarantor: the server refuses another family's patient, naming
   * the enrollee), each plan at most once per person: a second of the same is its quantity.
   */
  enrollees: eachOnce(z.array(Enrollee).min(1, ENROLL_RULES.choosePlan).max(ENROLL_RULES.enrolleesMax), {
    keyOf: (e) => `${e.customerId}:${e.membershipPlanId}`,
    field: 'membershipPlanId',
    message: ENROLL_RULES.planTwice,
  }),
  cycle: MembershipCycle,
  /** Today or later. */
  startDate: IsoDate,
});

export const enroll = post('/api/customerMembershipBilling/enroll', {
  summary:
    'New Membership: enrolls the holder and family on plans. NOW records the approval and charges the first cycle when it starts today; LINK sends the enrolment page.',
  body: EnrollmentTerms.extend({
    approveBy: ApproveBy,
    /** NOW: the holder's card on file that pays (LINK: the patient adds one on the page). */
    customerSavedCardId: RecordId.optional(),
    /** NOW: how the patient approved. */
    approvalMethod: MembershipApprovalMethod.optional(),
    /** NOW with SIGNATURE: the typed name or a drawn signature's data URL. */
    signature: z.string().trim().max(200_000).optional(),
    /** NOW with CHECKBOX: the patient ticked the box. */
    approved: z.boolean().optional(),
    /**
     * The agreement the patient was shown (NOW: rules' `deskAgreement`, what the card is charged each
     * cycle, surcharge included). Kept as the authorization only when it is the server's own text
     * for these terms; another is refused (400 on `template`, naming the text to agree to). Left
     * out: the server's text.
     */
    template: z.string().trim().max(4000).optional(),
  })
    .extend(NotifyFields.partial().shape)
    .superRefine((b, ctx) => {
      if (b.approveBy === 'NOW') {
        if (b.customerSavedCardId === undefined) {
          ctx.addIssue({ code: 'custom', path: ['customerSavedCardId'], message: ENROLL_RULES.addACard });
        }
        if (b.approvalMethod === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['approvalMethod'],
            message: ENROLL_RULES.approvalMethod,
          });
        } else if (b.approvalMethod === 'SIGNATURE' && !b.signature) {
          ctx.addIssue({ code: 'custom', path: ['signature'], message: ENROLL_RULES.signature });
        } else if (b.approvalMethod === 'CHECKBOX' && b.approved !== true) {
          ctx.addIssue({
            code: 'custom',
            path: ['approved'],
            message: ENROLL_RULES.approved,
          });
        }
      } else {
        checkChannels(
          {
            notifyText: b.notifyText ?? false,
            cell: b.cell ?? '',
            notifyEmail: b.notifyEmail ?? false,
            email: b.email ?? '',
          },
          ctx,
        );
      }
    }),
  value: z.object({
    membership: CustomerMembershipBilling,
    /** The first charge (NOW starting today); null when none was due. */
    outcome: MembershipChargeOutcome.nullable(),
    /** LINK: the channels the enrolment page was sent by. */
    sentBy: z.array(z.enum(['TEXT', 'EMAIL'])),
  }),
  idempotent: true,
});

// ── The Memberships page and the patient page ────────────────────────────────────────────────

/**
 * The page's status filter: Active, Awaiting (AWAITINGPATIENT), Past due (active with a balance),
 * Card expiring (active, not past due, no active card on file that lasts to the next billing date),
 * Needs attention (any of those three: the dashboard's "Memberships needing attention", whose
 * figures count these same filters), Expiring (active, term ends within membershipDays, renewal mode
 * EXPIRING or CANCEL), Expired, Canceled.
 */
export const MembershipListStatus = z.enum([
  'ACTIVE',
  'AWAITING',
  'PAST_DUE',
  'CARD_EXPIRING',
  'ATTENTION',
  'EXPIRING',
  'EXPIRED',
  'CANCELED',
]);
export type MembershipListStatus = z.infer<typeof MembershipListStatus>;

export const MembershipListRow = CustomerMembershipBilling.pick({
  id: true,
  patientKey: true,
  customerId: true,
  firstName: true,
  lastName: true,
  status: true,
  cycle: true,
  amount: true,
  balance: true,
  startDate: true,
  nextBillingDate: true,
  monthlyExpires: true,
  renewalMode: true,
  hasStarted: true,
  daysUntilExpiration: true,
  expirationDate: true,
  displayExpiration: true,
  yearlyAutoRenew: true,
  yearlyNextCycleAutoRenew: true,
  cancelledDate: true,
  expiredDate: true,
  nextRetryDate: true,
}).extend({
  /** The plans' labels, one per enrollee line, in line order. */
  plans: z.array(z.string()),
  enrolleeCount: z.number().int(),
});
export type MembershipListRow = z.infer<typeof MembershipListRow>;

export const list = post('/api/customerMembershipBilling/list', {
  writes: 'nothing',
  summary: "The practice's memberships, newest first, filtered and paged (the Memberships page).",
  body: z.object({
    status: MembershipListStatus.optional(),
    /** A patient's name ("first last" works), e-mail, phone or patient number: a prefix. */
    search: z.string().trim().max(100).optional(),
    page: PageNumber.default(1),
    /** The page shows 10. */
    pageSize: z.number().int().min(1).max(100).default(10),
  }),
  value: z.object({ memberships: z.array(MembershipListRow), totalCount: z.number().int() }),
});

export const summary = get('/api/customerMembershipBilling/summary', {
  summary: "The Memberships page's tiles.",
  value: z.object({
    /** People enrolled in active memberships. */
    activeMembers: z.number().int(),
    activeMemberships: z.number().int(),
    /** Active memberships' monthly amounts, plus yearly ones divided by 12 (before surcharge). */
    monthlyRecurringRevenue: Cents,
    /** Active memberships whose term ends (yearly renewal, monthly expiry) in the next 30 days. */
    renewalsNext30Days: z.number().int(),
    pastDueTotal: Cents,
    pastDueCount: z.number().int(),
  }),
});

export const forCustomer = get('/api/customerMembershipBilling/forCustomer', {
  summary: "The memberships a patient holds or is enrolled in (the patient page's Memberships section).",
  query: z.object({ customerId: Id }),
  value: z.array(MembershipListRow),
});

// ── The patient's enrolment page (no sign-in; the link's token is the key) ───────────────────

/**
 * The enrolment page's route (`/enroll/{token}`): the server's link (its text and e-mail), the
 * server's route for the page and the portal's router all read this one name, so the link always opens the page. A
 * plain string, so it stays in browser bundles (scripts/vite-plugins.ts keeps constants).
 */
export const ENROLLMENT_PAGE_ROUTE = 'enroll';

export const EnrollmentPage = z.object({
  practiceName: z.string(),
  /** The holder's first name only. */
  firstName: z.string(),
  /** OPEN until completed; COMPLETED once signed; CANCELED when the practice canceled it. */
  status: z.enum(['OPEN', 'COMPLETED', 'CANCELED']),
  cycle: MembershipCycle,
  /** The start date; a past one moves to the completion date. */
  startDate: CalendarDay,
  enrollees: z.array(
    BillingMembership.pick({
      label: true,
      description: true,
      image: true,
      billingMembershipBenefits: true,
      discountPlan: true,
      qty: true,
      amount: true,
      total: true,
    }).extend({ firstName: z.string() }),
  ),
  /** A cycle's amount before surcharge. */
  amount: Cents,
  /**
   * The rate a credit card carries (0: none); debit and prepaid cards carry none. The page discloses
   * the rate only: the amount and the total show once the card is known to be credit (the quote).
   */
  surcharge: z.object({ rateBps: z.number().int() }),
  /** The agreement the patient signs. */
  template: z.string(),
  cardEntry: CardEntry,
});
export type EnrollmentPage = z.infer<typeof EnrollmentPage>;

const EnrollmentToken = z.object({ token: LinkToken }).strict();

/** What an enrolment link opens: the page, or (expired, replaced) the practice to ask for a new link. */
export const EnrollmentLinkAnswer = z.union([EnrollmentPage, ExpiredLinkPage]);
export type EnrollmentLinkAnswer = z.infer<typeof EnrollmentLinkAnswer>;

export const enrollmentPage = get('/api/public/membershipEnrollment', {
  summary:
    'What the enrolment page shows for a link: the practice, the plans and prices, the agreement; an expired link shows the practice only.',
  query: z.object({ token: LinkToken }),
  value: EnrollmentLinkAnswer,
});

export const enrollmentQuote = post('/api/public/membershipEnrollment/quote', {
  writes: 'nothing',
  summary: 'The surcharge and total a cycle would cost on the card behind a nonce.',
  body: EnrollmentToken.extend({ nonce: Nonce }).strict(),
  value: CardQuote,
});

export const completeEnrollment = post('/api/public/membershipEnrollment/complete', {
  summary:
    "Stores the patient's card, records their signature (method, IP address, time) and activates the membership; the first cycle is charged when it starts today.",
  body: EnrollmentToken.extend({
    nonce: Nonce,
    signature: z.string().trim().min(1, 'The signature is required.').max(200_000),
  }).strict(),
  value: z.object({
    status: MembershipStatus,
    startDate: CalendarDay,
    /** The first charge; null when the membership starts later. */
    outcome: MembershipChargeOutcome.nullable(),
  }),
  idempotent: true,
});
