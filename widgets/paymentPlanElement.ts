/**
 * <chairside-payment-plan>'s chunk: the plan's element, its Payment History opening the
 * transactions' Refund / Void form (ui/refundVoidForm.ts), as the portal hands that form to the
 * plan's and the membership's modals. A capability does not import another, so the element that
 * places both sits here, above them (as definitions.ts does). It takes the form's lazy part only:
 * the form's code loads when a Refund or Void first opens.
 */
import { paymentPlanWidget } from './payment-plan/element.js';
import { LazyTransactionRefundVoid } from './transactions/LazyTransactionDialogs.js';

export default paymentPlanWidget(LazyTransactionRefundVoid);
