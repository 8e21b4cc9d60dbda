/**
 * The modal's Payment Plan Payment form (with its surcharge lookup) loads on demand: a person who
 * only reads a plan never needs it. Pointing at or focusing a button that opens it starts loading it
 * (`prefetch`), so it is there by the time they click. A chunk that failed to load is asked for
 * again next time. The card picker is widgets/ui's (ui/LazyCardPicker.tsx).
 */
import { lazyPart } from '../runtime/lazyPart.js';

export const paymentDialogPart = lazyPart(
  () => import('./PaymentDialog.js'),
  (module) => module.PaymentDialog,
);

export const LazyPaymentDialog = paymentDialogPart.Component;
