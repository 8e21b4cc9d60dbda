/**
 * A practice chosen by name, id or practice system: a combobox whose options are the practices the
 * directory finds for what is typed (the Dentists search, ten at most), looked up once typing has
 * settled. Typing again clears the choice. Practices in `exclude` (a person's practices already) are
 * not offered.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Combobox, Field, Option } from '@fluentui/react-components';
import { adminCompanies } from '../../embed-sdk/contract/admin.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../widgets/ui/ListFilters.js';
import { useDebouncedValue } from '../../widgets/ui/useDebouncedValue.js';
import { valueOf } from '../data/valueOf.js';
import { gatewayLabel } from '../shell/gatewayLabel.js';

export interface ChosenPractice {
  id: number;
  name: string;
}

export function PracticePicker({
  value,
  onChange,
  exclude = [],
  error,
  label = 'Practice',
  required = true,
}: {
  value: ChosenPractice | null;
  onChange: (practice: ChosenPractice | null) => void;
  exclude?: readonly number[];
  error?: string;
  label?: string;
  /** A form's field that must be chosen (marked so), or a filter's that may stay empty. @default true */
  required?: boolean;
}) {
  const sdk = useSdk();
  const [term, setTerm] = useState(value?.name ?? '');
  const settled = useDebouncedValue(term, LIST_SEARCH_DEBOUNCE_MS);
  const search = value === null ? settled.trim() : '';
  const { data, isLoading } = useSWR(['admin/companies', search, 1], () =>
    valueOf(sdk.api.call(adminCompanies, { query: { ...(search ? { search } : {}), page: 1 } })),
  );
  const found = (data?.companies ?? []).filter((c) => !exclude.includes(c.id));
  return (
    <Field
      label={label}
      required={required}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Combobox
        freeform
        placeholder="Search by name, id or practice system"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          if (value !== null) onChange(null);
        }}
        onOptionSelect={(_event, option) => {
          const practice = found.find((c) => String(c.id) === option.optionValue);
          onChange(practice ? { id: practice.id, name: practice.name } : null);
          setTerm(option.optionText ?? '');
        }}
      >
        {isLoading && !data ? (
          <Option disabled value="" text="Searching…">
            Searching…
          </Option>
        ) : found.length === 0 ? (
          <Option disabled value="" text="No practice matches.">
            No practice matches.
          </Option>
        ) : null}
        {found.map((c) => (
          <Option key={c.id} value={String(c.id)} text={c.name}>
            {`${c.name} · ${gatewayLabel(c.gatewayCode)} · ID ${c.id}`}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
