/**
 * The plan's patient, chosen by name: a combobox whose options are the practice's patients matching
 * what is typed, looked up once typing has settled for 300 ms. Typing again clears the choice.
 */
import { Combobox, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { NEW_PLAN_TEXT as T } from './texts.js';
import { useCustomerSearch } from '../ui/useCustomerSearch.js';

export interface ChosenPatient {
  id: number;
  firstName: string;
  lastName: string;
}

export function PatientCombobox(props: {
  value: number | null;
  error?: string | undefined;
  onChange: (patient: ChosenPatient | null) => void;
}) {
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, 300);
  // Once a patient is chosen, the box shows their name: that is not a search.
  const { data, isLoading } = useCustomerSearch(props.value === null ? settled : '');
  const found = settled.trim() === '' ? [] : (data ?? []);
  return (
    <Field
      label={T.patient}
      required
      validationState={props.error ? 'error' : 'none'}
      validationMessage={props.error}
    >
      <Combobox
        freeform
        placeholder={T.searchPatient}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          if (props.value !== null) props.onChange(null);
        }}
        onOptionSelect={(_event, option) => {
          const patient = found.find((c) => String(c.id) === option.optionValue);
          props.onChange(
            patient ? { id: patient.id, firstName: patient.firstName, lastName: patient.lastName } : null,
          );
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
