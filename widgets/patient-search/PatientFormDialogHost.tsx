/**
 * The lazily loaded part of the search: the form dialog, and what keeps Fluent's focus manager
 * (tabster) alive for as long as the search is on the page.
 *
 * Why the keeper: the dialog is the only thing in the widget that uses tabster. When it closed,
 * tabster was disposed with it, before its modal had put back the `aria-hidden` it sets on
 * everything outside the dialog, and the whole widget stayed hidden from screen readers. Holding
 * one tabster user here (useFocusFinders) lets the modal clean up after itself.
 */
import { useFocusFinders } from '@fluentui/react-components';
import { PatientFormDialog, type PatientFormDialogProps } from './PatientFormDialog.js';

export type PatientFormDialogHostProps = Omit<PatientFormDialogProps, 'dialog'> & {
  dialog: PatientFormDialogProps['dialog'] | null;
};

export function PatientFormDialogHost({ dialog, ...props }: PatientFormDialogHostProps) {
  useFocusFinders();
  return dialog ? <PatientFormDialog dialog={dialog} {...props} /> : null;
}
