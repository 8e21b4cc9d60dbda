/**
 * The Reimbursements list's filter bar: the days the carriers paid (from, to) and the carrier.
 */
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { FilterBar } from '../../ui/ListFilters.js';
import { datesOutOfOrder, EMPTY_FILTER, isFiltered, type ReimbursementFilter } from '../filter.js';
import { FILTER_TEXT } from '../texts.js';

export interface ReimbursementFiltersProps {
  filter: ReimbursementFilter;
  /** A change (the page goes back to 1). */
  onChange: (change: Partial<ReimbursementFilter>) => void;
  /** The practice's carriers (the filter's one, from the address, is offered even if not among them). */
  carriers: readonly string[];
}

export function ReimbursementFilters({ filter, onChange, carriers }: ReimbursementFiltersProps) {
  const outOfOrder = datesOutOfOrder(filter);
  const choices =
    filter.carrierName && !carriers.includes(filter.carrierName)
      ? [filter.carrierName, ...carriers]
      : carriers;
  return (
    <FilterBar label={FILTER_TEXT.bar}>
      <Field label={FILTER_TEXT.from}>
        <Input type="date" value={filter.startDate} onChange={(_e, d) => onChange({ startDate: d.value })} />
      </Field>
      <Field
        label={FILTER_TEXT.to}
        validationState={outOfOrder ? 'error' : 'none'}
        validationMessage={outOfOrder ? FILTER_TEXT.datesOutOfOrder : undefined}
      >
        <Input type="date" value={filter.endDate} onChange={(_e, d) => onChange({ endDate: d.value })} />
      </Field>
      <Field label={FILTER_TEXT.carrier}>
        <Select value={filter.carrierName} onChange={(_e, d) => onChange({ carrierName: d.value })}>
          <option value="">{FILTER_TEXT.allCarriers}</option>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      {isFiltered(filter) && (
        <Button appearance="subtle" icon={<DismissRegular />} onClick={() => onChange(EMPTY_FILTER)}>
          {FILTER_TEXT.clear}
        </Button>
      )}
    </FilterBar>
  );
}
