/**
 * The modal's change dialogs load on demand: they are code a person who only reads a membership
 * never needs. Pointing at or focusing a button that opens one starts loading it, so it is there by
 * the time they click. The card picker is widgets/ui's (ui/LazyCardPicker.tsx).
 */
import { lazyPart } from '../runtime/lazyPart.js';

export const dialogsPart = lazyPart(
  () => import('./MembershipDialogs.js'),
  (module) => module.MembershipDialogs,
);

export const LazyMembershipDialogs = dialogsPart.Component;
