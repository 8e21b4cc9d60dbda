/**
 * The payment request's public face: what the portal and the loader's build may use of this
 * capability. <chairside-payment-request> is `paymentRequestDefinition` (its code is element.ts); the
 * portal places the request's detail modal and New Payment Request (loading on demand), and reads its
 * lists of requests under the key the widgets refresh after a change.
 */
export { paymentRequestDefinition } from './definition.js';
export { PaymentRequest, type PaymentRequestProps } from './PaymentRequest.js';
export {
  LazyNewPaymentRequestDialog,
  preloadNewPaymentRequestDialog,
} from './LazyNewPaymentRequestDialog.js';
export type { NewPaymentRequestDialogProps } from './NewPaymentRequestDialog.js';
export { isRequestListKey, requestListKey } from './requestListKey.js';
