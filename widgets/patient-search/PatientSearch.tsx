/**
 * <chairside-patient-search>, and the same component placed directly by the portal: a patient
 * search with completed appointments and the add/edit form. It composes its state hook and its
 * render; its UI state lives in a Jotai store of its own, so two searches never share a term.
 */
import { Provider as JotaiProvider } from 'jotai';
import { useFirstViewSettled } from '../runtime/firstView.js';
import { useHydrateAtoms } from 'jotai/utils';
import { openAtom, termAtom } from './patientSearch.atoms.js';
import type { PatientSearchProps } from './PatientSearch.types.js';
import { PatientSearchView } from './renderPatientSearch.js';
import { usePatientSearchState } from './usePatientSearchState.js';

export type { PatientSearchProps } from './PatientSearch.types.js';

function PatientSearchBody(props: PatientSearchProps) {
  // A term given at the start searches at once and shows its results (the practice add-on's case).
  const term = props.term ?? '';
  useHydrateAtoms([
    [termAtom, term],
    [openAtom, term.trim() !== ''],
  ] as const);
  const state = usePatientSearchState(props);
  useFirstViewSettled(state.caughtUp);
  return <PatientSearchView state={state} />;
}

export function PatientSearch(props: PatientSearchProps) {
  return (
    <JotaiProvider>
      <PatientSearchBody {...props} />
    </JotaiProvider>
  );
}
