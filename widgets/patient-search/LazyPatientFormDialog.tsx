/**
 * The form dialog loads on demand: its code (Fluent's Dialog with its focus trap, the form library,
 * Select and Field) is about a fifth of the widget, and most searches never open it. The search
 * starts loading it as soon as its dropdown opens, so it is there when someone asks for it. Once
 * loaded it stays mounted (see PatientFormDialogHost).
 */
import { lazyPart, usePartLoaded } from '../runtime/lazyPart.js';

const part = lazyPart(
  () => import('./PatientFormDialogHost.js'),
  (module) => module.PatientFormDialogHost,
);

export const LazyPatientFormDialog = part.Component;

/**
 * Whether the dialog's code is here, asking for it once `wanted` (someone works with the search, or
 * a dialog is asked for): a host that only shows a patient never pays for the form.
 */
export function usePatientFormDialog(wanted: boolean): boolean {
  return usePartLoaded(part, wanted);
}
