/**
 * The modal's dialogs load on demand: the change dialogs and the card picker (with the card
 * provider's frame) are code a person who only reads a membership never needs. Pointing at or
 * focusing a button that opens one starts loading it, so it is there by the time they click.
 */
import { lazyPart } from '../runtime/lazyPart.js';

export const dialogsPart = lazyPart(
  () => import('./MembershipDialogs.js'),
  (module) => module.MembershipDialogs,
);

export const cardPickerPart = lazyPart(
  () => import('../ui/CardPickerDialog.js'),
  (module) => module.CardPickerDialog,
);

export const LazyMembershipDialogs = dialogsPart.Component;
export const LazyCardPicker = cardPickerPart.Component;
