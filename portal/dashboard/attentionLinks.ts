/**
 * Where each "needs attention" tile leads: the list screen, filtered to what the tile counts. The
 * lists read these query parameters (their engineers implement the filters):
 *
 * - `#/notifications?status=unpaid`: payment requests neither paid nor canceled (the domain's UNPAID
 *   status, server/domain/paymentRequest.ts).
 * - `#/paymentplans?status=pastdue`: active plans with a past-due balance (declined cycles).
 * - `#/customermembershipbillings?status=attention`: memberships past due, whose card on file is
 *   missing or expires before the next billing, or awaiting a patient past the start date.
 *
 * The rules behind each count are on the contract: embed-sdk/contract/dashboard.ts (Attention).
 */
export const ATTENTION_LINKS = {
  openPaymentRequests: '#/notifications?status=unpaid',
  pastDuePaymentPlans: '#/paymentplans?status=pastdue',
  membershipsNeedingAttention: '#/customermembershipbillings?status=attention',
} as const;
