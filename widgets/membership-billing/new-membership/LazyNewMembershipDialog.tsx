/**
 * New Membership loads on demand: its code (the form library, the patient Combobox, the card on file)
 * is not needed until someone asks for a new membership. A page starts loading it as soon as it
 * shows to someone who may use it (preloadNewMembershipDialog). Once opened it stays mounted
 * (closed): a Fluent dialog unmounted while open skips its modal's clean-up.
 */
import { useState } from 'react';
import { lazyPart } from '../../runtime/lazyPart.js';
import type { NewMembershipDialogProps } from './NewMembershipDialog.js';

const part = lazyPart(
  () => import('./NewMembershipDialog.js'),
  (module) => module.NewMembershipDialog,
);

/** Starts loading the dialog's code (a failure is reported when the dialog is opened). */
export const preloadNewMembershipDialog = part.prefetch;

export function LazyNewMembershipDialog(props: NewMembershipDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return <part.Component {...props} />;
}
