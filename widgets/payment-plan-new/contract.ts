/**
 * The contract's endpoints and types this widget uses, each from its resource module.
 *
 * They are imported in this one file for the reason portal/contract.ts gives: eslint.config.js's
 * layer rule meant to forbid only the contract's index ('**\/embed-sdk/contract') is a
 * gitignore-style pattern that also matches every module inside that folder, for code outside the
 * capability folders listed there (which override the rule). This folder is not one of them: it is
 * the dialog both the Payment Plans page and the patient page place, and it uses the stored cards'
 * selector. Narrowing that pattern (for example to a `regex` of 'embed-sdk/contract(/index\\.js)?$')
 * makes this exception unnecessary.
 */
/* eslint-disable no-restricted-imports */
export type { BodyIn } from '../../embed-sdk/contract/endpoint.js';
export { searchCustomer } from '../../embed-sdk/contract/patient.js';
export {
  create,
  MAX_CYCLES,
  MAX_PLAN_TOTAL,
  preview,
  type ApprovedMethod,
  type Frequency,
  type PaymentPlan,
  type PaymentPlanListRow,
  type PreviewRow,
} from '../../embed-sdk/contract/paymentPlan.js';
