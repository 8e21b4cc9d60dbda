/**
 * New Payment Plan loads on demand: its code (the form library, the patient Combobox, the schedule
 * preview) is not needed until someone asks for a new plan. A page starts loading it as soon as it
 * shows to someone who may use it (preloadNewPaymentPlanDialog). Once opened it stays mounted
 * (closed): a Fluent dialog unmounted while open skips its modal's clean-up.
 */
import { useState } from 'react';
import { lazyPart } from '../../runtime/lazyPart.js';
import type { NewPaymentPlanDialogProps } from './NewPaymentPlanDialog.js';

const part = lazyPart(
  () => import('./NewPaymentPlanDialog.js'),
  (module) => module.NewPaymentPlanDialog,
);

/** Starts loading the dialog's code (a failure is reported when the dialog is opened). */
export const preloadNewPaymentPlanDialog = part.prefetch;

export function LazyNewPaymentPlanDialog(props: NewPaymentPlanDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return <part.Component {...props} />;
}
