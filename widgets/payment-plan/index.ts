/**
 * The payment plan's public face: what the portal and the loader's build may use of this capability.
 * <chairside-payment-plan> is `paymentPlanDefinition` (its code is element.ts). The portal places
 * the plan's detail modal and New Payment Plan, both loading on demand, and names a plan's frequency
 * in its lists as the dialog does.
 */
export { paymentPlanDefinition } from './definition.js';
export { LazyPaymentPlan, preloadPaymentPlan } from './LazyPaymentPlan.js';
export type { PaymentPlanProps } from './PaymentPlan.js';
export {
  LazyNewPaymentPlanDialog,
  preloadNewPaymentPlanDialog,
} from './new-plan/LazyNewPaymentPlanDialog.js';
export type { NewPaymentPlanDialogProps } from './new-plan/NewPaymentPlanDialog.js';
export { FREQUENCY_LABELS } from './new-plan/texts.js';
