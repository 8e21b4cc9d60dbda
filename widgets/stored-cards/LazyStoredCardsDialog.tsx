/**
 * The dialog loads on demand: its code (Fluent's Dialog with its focus trap, the card-entry frame,
 * the request form) is most of the widget, and a page that only shows a card never needs it. The
 * widget starts loading it when someone points at or focuses the trigger, so it is there by the
 * time they click. Once loaded it stays mounted (see StoredCardsDialogHost).
 */
import { lazyPart, usePartLoaded } from '../runtime/lazyPart.js';

const part = lazyPart(
  () => import('./StoredCardsDialogHost.js'),
  (module) => module.StoredCardsDialogHost,
);

export const LazyStoredCardsDialog = part.Component;

/** Whether the dialog's code is here, asking for it once `wanted`. */
export function useStoredCardsDialog(wanted: boolean): boolean {
  return usePartLoaded(part, wanted);
}
