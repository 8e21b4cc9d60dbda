/**
 * The modal's heavy dialogs load on demand: the Payment Plan Payment form (with its surcharge
 * lookup) and the card picker (with the card provider's frame) are most of the code, and a person who
 * only reads a plan never needs them. Pointing at or focusing a button that opens one starts loading
 * it, so it is there by the time they click. A chunk that failed to load is asked for again next time.
 */
import { lazy, Suspense } from 'react';
import type * as CardPicker from './CardPickerDialog.js';
import type * as Payment from './PaymentDialog.js';

function chunk<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

export const preloadPaymentDialog = chunk(() => import('./PaymentDialog.js'));
export const preloadCardPicker = chunk(() => import('./CardPickerDialog.js'));

const PaymentDialog = lazy(() =>
  preloadPaymentDialog().then((module) => ({ default: module.PaymentDialog })),
);
const CardPickerDialog = lazy(() =>
  preloadCardPicker().then((module) => ({ default: module.CardPickerDialog })),
);

/** Swallows a failed preload: the click that needs the chunk asks again and shows the failure. */
export const preload = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

export function LazyPaymentDialog(props: Payment.PaymentDialogProps) {
  return (
    <Suspense fallback={null}>
      <PaymentDialog {...props} />
    </Suspense>
  );
}

export function LazyCardPicker(props: CardPicker.CardPickerDialogProps) {
  return (
    <Suspense fallback={null}>
      <CardPickerDialog {...props} />
    </Suspense>
  );
}
