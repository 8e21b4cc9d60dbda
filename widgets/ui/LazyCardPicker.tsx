/**
 * The card picker (CardPickerDialog.tsx, with the card provider's frame) as the modals open it: its
 * code loads on demand, since a person who only reads a plan or a membership never needs it.
 * Pointing at or focusing a button that opens it starts loading it (`prefetch`), so it is there by
 * the time they click. One part for every capability that opens it: a dialog that offers the picker
 * imports this, not the module that loads the dialog itself, so no import goes round in a circle.
 */
import { lazyPart } from '../runtime/lazyPart.js';

export const cardPickerPart = lazyPart(
  () => import('./CardPickerDialog.js'),
  (module) => module.CardPickerDialog,
);

export const LazyCardPicker = cardPickerPart.Component;
