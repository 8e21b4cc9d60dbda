/**
 * The modal's heavy dialogs load on demand: the Payment Plan Payment form (with its surcharge
 * lookup) and the card picker (with the card provider's frame) are most of the code, and a person who
 * only reads a plan never needs them. Pointing at or focusing a button that opens one starts loading
 * it (`prefetch`), so it is there by the time they click. A chunk that failed to load is asked for
 * again next time.
 */
import { lazyPart } from '../runtime/lazyPart.js';

export const paymentDialogPart = lazyPart(
  () => import('./PaymentDialog.js'),
  (module) => module.PaymentDialog,
);

export const cardPickerPart = lazyPart(
  () => import('../ui/CardPickerDialog.js'),
  (module) => module.CardPickerDialog,
);

export const LazyPaymentDialog = paymentDialogPart.Component;
export const LazyCardPicker = cardPickerPart.Component;
