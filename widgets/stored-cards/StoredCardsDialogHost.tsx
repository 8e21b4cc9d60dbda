/**
 * The lazily loaded part of the stored cards: the dialog, and what keeps Fluent's focus manager
 * (tabster) alive while the widget is on the page. The dialog is the widget's only tabster user;
 * without a keeper, closing it disposed tabster before the modal had put back the `aria-hidden` it
 * sets outside itself, and the widget stayed hidden from screen readers (as in the patient search).
 */
import { useFocusFinders } from '@fluentui/react-components';
import { StoredCardsDialog, type StoredCardsDialogProps } from './StoredCardsDialog.js';

export type StoredCardsDialogHostProps = StoredCardsDialogProps;

export function StoredCardsDialogHost(props: StoredCardsDialogHostProps) {
  useFocusFinders();
  return <StoredCardsDialog {...props} />;
}
