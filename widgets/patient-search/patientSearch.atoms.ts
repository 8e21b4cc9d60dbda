/**
 * The patient search's UI state, shared by its parts (input, results, dialog). Server data stays in
 * SWR; a dialog keeps the patient it was opened for, as it was then, so the form does not change
 * under the person's hands when a search refreshes.
 */
import { atom } from 'jotai';
import type { Patient } from '../../embed-sdk/contract/patient.js';
import type { PatientPrefill } from './prefill.js';

/** What is typed in the search box. */
export const termAtom = atom('');

/** The dropdown (results or completed appointments) is showing. */
export const openAtom = atom(false);

/** The option the arrow keys point at (its element id), or null. */
export const activeOptionAtom = atom<string | null>(null);

export type PatientDialog =
  /** A patient new to the practice system (Open Dental), prefilled from the search term. */
  | { mode: 'add'; prefill: PatientPrefill }
  /** A practice-system patient with a completed appointment, not yet in Chairside. */
  | { mode: 'new'; patient: Patient }
  | { mode: 'edit'; patient: Patient };

export const dialogAtom = atom<PatientDialog | null>(null);

/** The patient whose selection waits for the server (bringing them into Chairside). */
export const selectingKeyAtom = atom<number | null>(null);
