/**
 * The contract's endpoints and types the portal uses, each from its resource module.
 *
 * They are imported in this one file because eslint.config.js's layer rule for the front end, meant
 * to forbid only the contract's index ('**\/embed-sdk/contract'), is a gitignore-style pattern: it
 * also matches every module inside that folder, for code outside a capability folder (capability
 * folders override the rule). Narrowing that pattern (for example to a `regex` of
 * 'embed-sdk/contract(/index\\.js)?$') makes this exception unnecessary.
 */
/* eslint-disable no-restricted-imports */
export {
  acceptTermsOfService,
  login,
  loginCompany,
  termsOfService,
  type CompanySummary,
  type LoginValue,
} from '../embed-sdk/contract/auth.js';
export { ALL_ROLES, type GatewayCode, type Role } from '../embed-sdk/contract/common.js';
export { clinics, current } from '../embed-sdk/contract/company.js';
export type { ServerConfiguration } from '../embed-sdk/contract/config.js';
export {
  getLastUserNotification,
  getLatestNotifications,
  updateUserNotificationDate,
  viewedCompanyNotification,
  type CompanyNotification,
  type UserNotification,
} from '../embed-sdk/contract/notification.js';
export { getCustomer } from '../embed-sdk/contract/patient.js';
export {
  pay as payPaymentRequest,
  paymentPage as getPaymentPage,
  quote as quotePaymentRequest,
  recordViewed as recordPaymentPageViewed,
  type CardQuote,
  type PaymentPage,
} from '../embed-sdk/contract/paymentPage.js';
export {
  list as listPaymentRequests,
  type PaymentRequest,
  type PaymentRequestStatus,
} from '../embed-sdk/contract/paymentRequest.js';
export {
  list as listPaymentPlans,
  PLAN_EDIT_ROLES,
  PLAN_VIEW_ROLES,
  type PaymentPlanListRow,
  type PlanListStatus,
} from '../embed-sdk/contract/paymentPlan.js';
