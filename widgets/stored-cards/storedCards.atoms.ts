/**
 * The stored cards' UI state, shared by the trigger (mode 1, 2 or 3) and the dialog. The cards
 * themselves stay in SWR.
 */
import { atom } from 'jotai';
import type { DialogView } from './dialogView.js';

/** The dialog's view, or null while it is closed. */
export const dialogViewAtom = atom<DialogView | null>(null);

/**
 * The card a person chose (selected in the dialog, stored, or given as the element's `value`), or
 * null: then the default card is the selected one.
 */
export const chosenCardIdAtom = atom<number | null>(null);
