/**
 * New Payment Request loads on demand: its code (the form library, the patient Combobox, the
 * switches) is not needed until someone asks for a new request. Pages start loading it when the
 * person points at or focuses their New Payment Request button (preloadNewPaymentRequestDialog),
 * so it is there by the time they click. Once opened it stays mounted, so it can close gracefully.
 */
import { useState } from 'react';
import { lazyPart } from '../runtime/lazyPart.js';
import type { NewPaymentRequestDialogProps } from './NewPaymentRequestDialog.js';

const part = lazyPart(
  () => import('./NewPaymentRequestDialog.js'),
  (module) => module.NewPaymentRequestDialog,
);

/** For the New Payment Request button's pointer-enter and focus: starts loading the dialog. */
export const preloadNewPaymentRequestDialog = part.prefetch;

export function LazyNewPaymentRequestDialog(props: NewPaymentRequestDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return <part.Component {...props} />;
}
