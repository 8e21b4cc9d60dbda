/**
 * New Payment Request loads on demand: its code (the form library, the patient Combobox, the
 * switches) is not needed until someone asks for a new request. Pages start loading it when the
 * person points at or focuses their New Payment Request button (preloadNewPaymentRequestDialog),
 * so it is there by the time they click. Once opened it stays mounted, so it can close gracefully.
 */
import { lazy, Suspense, useState } from 'react';
import type * as Dialog from './NewPaymentRequestDialog.js';

let loading: Promise<typeof Dialog> | null = null;

function loadDialog() {
  loading ??= import('./NewPaymentRequestDialog.js').catch((error: unknown) => {
    loading = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return loading;
}

/**
 * For the New Payment Request button's pointer-enter and focus: starts loading the dialog. A failure
 * is not reported here; opening the dialog tries again and shows it.
 */
export function preloadNewPaymentRequestDialog() {
  void loadDialog().catch(() => undefined);
}

const NewPaymentRequestDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.NewPaymentRequestDialog })),
);

export function LazyNewPaymentRequestDialog(props: Dialog.NewPaymentRequestDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NewPaymentRequestDialog {...props} />
    </Suspense>
  );
}
