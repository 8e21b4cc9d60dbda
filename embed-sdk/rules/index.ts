/**
 * Pure rules that the server and the widgets both need, so that what a widget shows and what the
 * server charges cannot disagree: the surcharge (of a card payment, of a plan's line, of a refund),
 * what is left to refund and its parts, the 180-day refund window, how an amount is split into parts
 * (evenly, or in proportion to pay splits), calendar-date arithmetic, and a membership's renewal,
 * billing and money, and a reimbursement's prefill and rules. No I/O and no clock: the caller gives today.
 */
export {
  MAX_SURCHARGE_BPS,
  effectiveSurchargeBps,
  isSurcharged,
  lineSurcharge,
  surchargeFor,
} from './surcharge.js';
export {
  effectiveSurchargeRate,
  leftToRefund,
  refundParts,
  refundSurcharge,
  type RefundablePayment,
  type RefundedParts,
} from './refundAmounts.js';
export {
  cardSurcharge,
  creditCardSurcharge,
  type CardSurcharge,
  type SurchargingPractice,
} from './cardSurcharge.js';
export { REFUND_WINDOW_DAYS, canRefund, isPastRefundWindow, type RefundableState } from './refundWindow.js';
export { prorate, splitEvenly } from './proration.js';
export { addDays, addMonths, daysBetween, monthDay, parseCalendarDate } from './calendarDates.js';
export {
  MEMBERSHIP_STATUS_TEXT,
  MONTHLY_DATE_CHOICES,
  PAYMENT_AMOUNT_FIELD,
  RENEWAL_ENDED,
  RENEWAL_LABELS,
  RETRY_AFTER_DAYS,
  START_DATE_TEXT,
  awaitingPatientPastStartDate,
  deskAgreement,
  balanceAfterDecline,
  balanceAfterPayment,
  billingDateOnOrAfter,
  billingDay,
  billingStep,
  cycleAmount,
  cycleAmountPanel,
  daysUntilTermEnd,
  expiringAlert,
  expiringAlertText,
  followingBillingDate,
  isBillingDue,
  isExpiringWithin,
  isMonthlyExpiryChoice,
  isRetryDue,
  membershipChargeKey,
  membershipHasStarted,
  membershipMonthlyRevenue,
  membershipPaymentAmount,
  membershipStatusPill,
  monthlyDateChoices,
  monthlyRecurringRevenue,
  nextRetryDate,
  renewalInfo,
  showsExpiringAlert,
  startDatePanel,
  termDates,
  termEnd,
  type BillingAction,
  type BillingStep,
  type CycleAmountPanel,
  type DeclinedCharge,
  type EnrolleeLine,
  type ExpiringAlertConditions,
  type MembershipCycle,
  type MembershipStatus,
  type MembershipTerms,
  type MembershipTone,
  type RenewalInfo,
  type RenewalLabel,
  type RenewalMode,
} from './memberships.js';
export {
  prefillPosting,
  reimbursementProblems,
  reimbursementStatus,
  sharesToCollect,
  type ClaimProcedureTerms,
  type PostedProcedure,
  type ProcedureAmounts,
  type ReimbursementProblem,
  type SharePatient,
} from './reimbursement.js';
