/**
 * Where each "needs attention" tile leads: the list screen, filtered to what the tile counts. The
 * lists read these query parameters:
 *
 * - `#/notifications?status=unpaid`: payment requests neither paid nor canceled (the domain's UNPAID
 *   status, server/domain/paymentRequest.ts).
 * - `#/paymentplans?status=pastdue`: active plans with a past-due balance (declined cycles).
 * - `#/customermembershipbillings?status=attention`: memberships past due, whose card on file is
 *   missing or expires before the next billing, or awaiting the patient: the Memberships page's
 *   Needs attention filter, the same condition the tile's figures count (server/memberships/store.ts).
 *
 * The rules behind each count are on the contract: embed-sdk/contract/dashboard.ts (Attention).
 */
export const ATTENTION_LINKS = {
  openPaymentRequests: '#/notifications?status=unpaid',
  pastDuePaymentPlans: '#/paymentplans?status=pastdue',
  membershipsNeedingAttention: '#/customermembershipbillings?status=attention',
} as const;
