/**
 * Props → everything the patient search renders: the combobox's state, the list's options, the
 * practice's rules, and what each key, click and save does. No markup here (renderPatientSearch).
 */
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useAtom, useStore } from 'jotai';
import type { Customer, Patient } from '../../embed-sdk/contract/patient.js';
import { useNotify } from '../runtime/useBanners.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { clinicChoices } from './clinicOptions.js';
import { prefetchAppointmentsList } from './LazyAppointmentsList.js';
import { usePatientFormDialog } from './LazyPatientFormDialog.js';
import { moveActive } from './listNavigation.js';
import {
  activeOptionAtom,
  dialogAtom,
  openAtom,
  selectingKeyAtom,
  termAtom,
  type PatientDialog,
} from './patientSearch.atoms.js';
import type { PatientSearchProps } from './PatientSearch.types.js';
import { prefillFromTerm } from './prefill.js';
import { appointmentOptions, resultGroups, type SearchOption } from './searchOptions.js';
import { searchState } from './searchState.js';
import { SEARCH_DEBOUNCE_MS, TEXT } from './texts.js';
import { useDismissOnOutsidePointer } from './useDismissOnOutsidePointer.js';
import { useFocusReturn } from './useFocusReturn.js';
import { usePatientMutations } from './usePatientMutations.js';
import { useCompletedAppointments, usePatientResults } from './usePatientSearch.js';
import { usePracticeRules } from './usePracticeRules.js';

type Person = Pick<Patient, 'key' | 'firstName' | 'lastName'> & { id: number };

export function usePatientSearchState(props: PatientSearchProps) {
  const { clinicNum, onPatientSelected, onPatientSaved } = props;
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const store = useStore();
  const notify = useNotify();
  const { bringIn } = usePatientMutations();

  const [term, setTerm] = useAtom(termAtom);
  const [open, setOpen] = useAtom(openAtom);
  const [activeOption, setActiveOption] = useAtom(activeOptionAtom);
  const [dialog, setDialog] = useAtom(dialogAtom);
  const [selectingKey, setSelectingKey] = useAtom(selectingKeyAtom);

  const trimmed = term.trim();
  const { known, practice, canEdit, addOffered, appointmentsShown, clinics } = usePracticeRules(
    props,
    trimmed,
  );

  // ── The search ──
  const searchedTerm = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const results = usePatientResults(searchedTerm, clinicNum);
  const state = searchState({
    term: trimmed,
    searchedTerm,
    settled: results.data !== undefined || results.error !== undefined,
  });
  const canOpen = trimmed !== '' || appointmentsShown;
  const expanded = open && canOpen;
  const appointments = useCompletedAppointments(appointmentsShown && expanded && state === 'ready');

  const groups = state === 'results.complete' ? resultGroups(baseId, results.data) : [];
  const appointmentList = appointmentOptions(baseId, appointments.data?.patients);
  const options: SearchOption[] = state === 'ready' ? appointmentList : groups.flatMap((g) => g.patients);
  const activeId = options.some((o) => o.id === activeOption) ? activeOption : null;

  // The form's code comes once someone works with the search (focus, the pointer over it).
  const [engaged, setEngaged] = useState(false);
  const engage = useCallback(() => setEngaged(true), []);
  const dialogLoaded = usePatientFormDialog(engaged || dialog !== null);
  useEffect(() => {
    if (engaged && appointmentsShown) prefetchAppointmentsList();
  }, [engaged, appointmentsShown]);

  // The active option scrolls into view as the arrow keys move it.
  useEffect(() => {
    if (!activeId) return;
    const root = rootRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    root?.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  // A term given later from outside (the element's attribute) searches as if typed; the first one
  // is the store's starting value (PatientSearch).
  const givenTerm = props.term;
  const lastGivenTerm = useRef(givenTerm);
  useEffect(() => {
    if (givenTerm === undefined || givenTerm === lastGivenTerm.current) return;
    lastGivenTerm.current = givenTerm;
    setTerm(givenTerm);
    setOpen(givenTerm.trim() !== '');
  }, [givenTerm, setTerm, setOpen]);

  // ── Choosing a patient ──
  const close = useCallback(() => {
    setOpen(false);
    setActiveOption(null);
  }, [setOpen, setActiveOption]);

  const select = useCallback(
    (person: Person) => {
      onPatientSelected?.({
        id: person.id,
        key: person.key,
        firstName: person.firstName,
        lastName: person.lastName,
      });
      setTerm('');
      close();
    },
    [onPatientSelected, setTerm, close],
  );

  const rememberOpener = useFocusReturn(dialog !== null, inputRef);
  const openDialog = useCallback(
    (next: PatientDialog) => {
      rememberOpener();
      setDialog(next);
    },
    [rememberOpener, setDialog],
  );

  const choose = useCallback(
    async (option: SearchOption) => {
      const { patient } = option;
      if (patient.id !== null) return select({ ...patient, id: patient.id });
      // From the completed appointments, a new customer's details are checked first.
      if (option.source === 'appointment') return openDialog({ mode: 'new', patient });
      if (store.get(selectingKeyAtom) !== null) return;
      setSelectingKey(patient.key);
      const customer = await bringIn(patient);
      setSelectingKey(null);
      if (customer) select(customer);
    },
    [select, openDialog, store, setSelectingKey, bringIn],
  );

  const edit = useCallback(
    (option: SearchOption) => {
      const { patient } = option;
      openDialog(
        option.source === 'appointment' && patient.id === null
          ? { mode: 'new', patient }
          : { mode: 'edit', patient },
      );
    },
    [openDialog],
  );

  const openAdd = useCallback(
    () => openDialog({ mode: 'add', prefill: prefillFromTerm(store.get(termAtom)) }),
    [openDialog, store],
  );

  // ── The dialog ──
  const closeDialog = useCallback(() => setDialog(null), [setDialog]);

  const saved = useCallback(
    (current: PatientDialog, customer: Customer) => {
      const added = current.mode !== 'edit';
      notify({
        intent: 'success',
        title: TEXT.saved,
        message: added ? TEXT.patientAdded : TEXT.patientUpdated,
      });
      onPatientSaved?.({
        id: customer.id,
        key: customer.key,
        firstName: customer.firstName,
        lastName: customer.lastName,
      });
      setDialog(null);
      if (added) select(customer);
    },
    [notify, onPatientSaved, setDialog, select],
  );

  // ── The combobox's keys and focus ──
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      const active = options.find((o) => o.id === activeId);
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp':
          event.preventDefault();
          if (!expanded) {
            if (canOpen) setOpen(true);
            return;
          }
          setActiveOption(
            moveActive(
              options.map((o) => o.id),
              activeId,
              event.key === 'ArrowDown' ? 'next' : 'previous',
            ),
          );
          return;
        case 'Enter':
          if (expanded && active) {
            event.preventDefault();
            void choose(active);
          }
          return;
        case 'F2':
          if (expanded && active && canEdit) {
            event.preventDefault();
            edit(active);
          }
          return;
        case 'Escape':
          // The first Escape closes the list; the next one clears the term.
          if (expanded) {
            event.preventDefault();
            close();
          } else if (term !== '') {
            event.preventDefault();
            setTerm('');
          }
          return;
      }
    },
    [
      options,
      activeId,
      expanded,
      canOpen,
      setOpen,
      setActiveOption,
      choose,
      canEdit,
      edit,
      close,
      term,
      setTerm,
    ],
  );

  const onTermChange = useCallback(
    (value: string) => {
      setTerm(value);
      setOpen(true);
      setActiveOption(null);
    },
    [setTerm, setOpen, setActiveOption],
  );

  const clear = useCallback(() => {
    setTerm('');
    setActiveOption(null);
    inputRef.current?.focus();
  }, [setTerm, setActiveOption]);

  const dialogOpen = useCallback(() => store.get(dialogAtom) !== null, [store]);

  // Focus leaving the search closes the dropdown (moving into a dialog of ours does not count).
  const onBlur = useCallback(
    (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (dialogOpen() || (next && rootRef.current?.contains(next))) return;
      close();
    },
    [dialogOpen, close],
  );
  useDismissOnOutsidePointer(expanded, rootRef, close, dialogOpen);

  const openList = useCallback(() => {
    if (canOpen) setOpen(true);
  }, [canOpen, setOpen]);
  const point = useCallback((option: SearchOption) => setActiveOption(option.id), [setActiveOption]);

  return {
    /** Everything a first view of the server's can show is here (its data has arrived). */
    caughtUp: known && state !== 'results.loading',
    rootRef,
    inputRef,
    listboxId,
    term,
    state,
    expanded,
    activeId,
    options,
    groups,
    searchFailed: state === 'results.complete' && results.error !== undefined,
    appointmentList,
    appointmentsLoading: appointments.data === undefined && appointments.error === undefined,
    appointmentsFailed: appointments.error !== undefined,
    canEdit,
    addOffered,
    practice,
    clinics: clinicChoices(clinics),
    clinicNum,
    dialog,
    dialogLoaded: dialogLoaded || dialog !== null,
    selectingKey,
    engage,
    onTermChange,
    onKeyDown,
    onBlur,
    open: openList,
    clear,
    choose,
    edit,
    point,
    openAdd,
    closeDialog,
    saved,
  };
}

export type PatientSearchState = ReturnType<typeof usePatientSearchState>;
