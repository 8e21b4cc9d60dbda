/**
 * A new payment plan's or payment request's patient, chosen by name: a combobox whose options are
 * the practice's patients matching what is typed, looked up once typing has settled for 300 ms.
 * Typing again clears the choice; a choice cleared from outside (a filter's Clear filters) clears
 * the box.
 */
import { Combobox, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { useCustomerSearch } from './useCustomerSearch.js';
import { useDebouncedValue } from './useDebouncedValue.js';

export const PATIENT_COMBOBOX_TEXT = {
  patient: 'Patient',
  searchPatient: 'Search by patient name',
  searching: 'Searching…',
  noPatients: 'No patients match.',
} as const;

const T = PATIENT_COMBOBOX_TEXT;

/** A patient as a form holds one before it is saved. */
export interface ChosenPatient {
  id: number;
  firstName: string;
  lastName: string;
}

export function PatientCombobox(props: {
  /** The chosen patient's id, or null. */
  value: number | null;
  error?: string | undefined;
  onChange: (id: number | null) => void;
  /** @default true (a form's patient); a filter's patient is optional. */
  required?: boolean;
  /** @default 'Patient' */
  label?: string;
  /**
   * The chosen patient's name, for a choice the box did not make (a filter read back from the
   * address): the box shows it once it is known.
   */
  chosenName?: string;
}) {
  const [term, setTerm] = useState(props.value === null ? '' : (props.chosenName ?? ''));
  const [shownName, setShownName] = useState(props.chosenName);
  // The choice as the box last knew it: a different value is a change the box did not make (a
  // filter's Clear, the address), and the box shows it: empty for none, else the patient's name.
  const [known, setKnown] = useState(props.value);
  if (props.value !== known) {
    setKnown(props.value);
    setShownName(props.chosenName);
    setTerm(props.value === null ? '' : (props.chosenName ?? ''));
  } else if (props.chosenName !== shownName) {
    // The name of a chosen patient arrives after the box (it is looked up): show it once it does.
    setShownName(props.chosenName);
    if (props.value !== null && props.chosenName) setTerm(props.chosenName);
  }
  const choose = (id: number | null) => {
    setKnown(id);
    props.onChange(id);
  };
  const settled = useDebouncedValue(term, 300);
  // Once a patient is chosen, the box shows their name: that is not a search.
  const { data, isLoading } = useCustomerSearch(props.value === null ? settled : '');
  const found = settled.trim() === '' ? [] : (data ?? []);
  return (
    <Field
      label={props.label ?? T.patient}
      required={props.required ?? true}
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error}
    >
      <Combobox
        freeform
        placeholder={T.searchPatient}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          if (props.value !== null) choose(null);
        }}
        clearable={props.required === false}
        onOptionSelect={(_event, option) => {
          const patient = found.find((c) => String(c.id) === option.optionValue);
          choose(patient ? patient.id : null);
          setTerm(option.optionText ?? '');
        }}
      >
        {isLoading ? (
          <Option disabled value="" text={T.searching}>
            {T.searching}
          </Option>
        ) : settled.trim() !== '' && data && data.length === 0 ? (
          <Option disabled value="" text={T.noPatients}>
            {T.noPatients}
          </Option>
        ) : null}
        {found.map((c) => (
          <Option key={c.id} value={String(c.id)} text={`${c.firstName} ${c.lastName}`}>
            {`${c.firstName} ${c.lastName}`}
            {c.email ? ` (${c.email})` : ''}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
