/**
 * <chairside-membership-billing>'s chunk: the membership's element, its Payment History opening the
 * transactions' Refund / Void form (ui/refundVoidForm.ts), as the portal hands that form to the
 * membership's modal. A capability does not import another, so the element that places both sits
 * here, above them (as paymentPlanElement.ts does for the plan). It takes the form's lazy part only:
 * the form's code loads when a Refund or Void first opens.
 */
import { membershipBillingWidget } from './membership-billing/element.js';
import { LazyTransactionRefundVoid } from './transactions/LazyTransactionDialogs.js';

export default membershipBillingWidget(LazyTransactionRefundVoid);
