/**
 * The transactions list's filter bar (issue 19 designs it; the spec's filter entity has the fields):
 * the dates with their presets, the source, the status, the patient, a transaction ID and the two
 * kinds of unassociated payments. A placement that narrows the list already (a patient, a request, a
 * plan's cycle) has no patient or unassociated fields. Typing settles for 300 ms before it filters.
 * A report's link may narrow it by payment method, clinic or provider: each shows as a chip that
 * says so, with a button that clears it.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  Label,
  makeStyles,
  Select,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import type { TransactionSource } from '../../../embed-sdk/contract/common.js';
import { clinics } from '../../../embed-sdk/contract/company.js';
import { PAYMENT_METHOD_LABELS, SOURCE_LABELS } from '../../../embed-sdk/format/transactions.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { ONCE, valueOf } from '../../ui/data.js';
import { FilterBar, LIST_SEARCH_DEBOUNCE_MS } from '../../ui/ListFilters.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import type { TransactionSort } from '../../../embed-sdk/contract/transaction.js';
import {
  datesOutOfOrder,
  EMPTY_FILTER,
  isFiltered,
  SORTS,
  STATUS_CHOICES,
  type DatePreset,
  type StatusChoice,
  type TransactionListFilter,
} from '../filter.js';
import { FILTER_TEXT, LIST_TEXT } from '../texts.js';
import { LazyPatientFilter } from './LazyPatientFilter.js';

const useStyles = makeStyles({
  patient: { minWidth: '220px', maxWidth: '360px', flex: '1 1 220px' },
  id: { width: '160px' },
  // Fluent's Input keeps a minimum width of its own; the ID box is narrower.
  idBox: { minWidth: 0, width: '100%' },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  orphans: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** The practice's clinics' names, asked only when a clinic filter is shown. */
function useClinicNames(wanted: boolean): Map<number, string> {
  const sdk = useSdk();
  const { data } = useSWR(wanted ? ['company/clinics'] : null, () => valueOf(sdk.api.call(clinics)), ONCE);
  return new Map((data?.clinics ?? []).map((c) => [c.clinicNum, c.description]));
}

/** The payment method, clinic and provider filters a report's link sets, as chips that clear them. */
function NarrowedBy({
  filter,
  onChange,
}: {
  filter: TransactionListFilter;
  onChange: (change: Partial<TransactionListFilter>) => void;
}) {
  const styles = useStyles();
  const labelId = useId();
  const clinicNames = useClinicNames(filter.clinicNums.length > 0);
  const clinicName = (n: number) =>
    clinicNames.get(n) ?? (n === 0 ? FILTER_TEXT.noClinic : FILTER_TEXT.clinicNumbered(n));
  const chips = [
    filter.methods.length > 0 && {
      key: 'methods',
      text: `${FILTER_TEXT.methods}: ${filter.methods.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')}`,
      clear: { methods: [] },
    },
    filter.clinicNums.length > 0 && {
      key: 'clinics',
      text: `${FILTER_TEXT.clinics}: ${filter.clinicNums.map(clinicName).join(', ')}`,
      clear: { clinicNums: [] },
    },
    filter.providers.length > 0 && {
      key: 'providers',
      text: `${FILTER_TEXT.providers}: ${filter.providers.join(', ')}`,
      clear: { providers: [] },
    },
  ].filter((c) => c !== false);
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-labelledby={labelId} className={styles.group}>
      <Label id={labelId}>{FILTER_TEXT.narrowedBy}</Label>
      <div className={styles.chips}>
        {chips.map((chip) => (
          <Button
            key={chip.key}
            size="small"
            shape="circular"
            appearance="outline"
            icon={<DismissRegular />}
            iconPosition="after"
            aria-label={FILTER_TEXT.clearOne(chip.text)}
            title={FILTER_TEXT.clearOne(chip.text)}
            onClick={() => onChange(chip.clear)}
          >
            {chip.text}
          </Button>
        ))}
      </div>
    </div>
  );
}

const DATE_LABELS: Record<DatePreset, string> = {
  all: FILTER_TEXT.allDates,
  today: FILTER_TEXT.today,
  last7: FILTER_TEXT.last7Days,
  month: FILTER_TEXT.thisMonth,
  custom: FILTER_TEXT.custom,
};

const STATUS_LABELS: Record<Exclude<StatusChoice, 'all'>, string> = {
  APPROVED: LIST_TEXT.approved,
  REFUNDED: LIST_TEXT.refunded,
  VOIDED: LIST_TEXT.voided,
  DECLINED: LIST_TEXT.declined,
  PAID: FILTER_TEXT.paid,
};

const SORT_LABELS: Record<TransactionSort, string> = {
  'Date:descending': FILTER_TEXT.newestFirst,
  'Date:ascending': FILTER_TEXT.oldestFirst,
  'Amount:descending': FILTER_TEXT.largestFirst,
  'Amount:ascending': FILTER_TEXT.smallestFirst,
};

export interface TransactionFiltersProps {
  filter: TransactionListFilter;
  /** A change (the page goes back to 1). */
  onChange: (change: Partial<TransactionListFilter>) => void;
  /** The list is one patient's, one request's or one plan cycle's already. */
  scoped: boolean;
  /** The chosen patient's name (looked up for a filter read from the address). */
  patientName: string | undefined;
}

export function TransactionFilters({ filter, onChange, scoped, patientName }: TransactionFiltersProps) {
  const styles = useStyles();
  const orphansId = useId();
  const [idText, setIdText] = useState(filter.transactionId);
  const settledId = useDebouncedValue(idText, LIST_SEARCH_DEBOUNCE_MS);
  // An ID changed from outside the box (Clear filters, the address) shows in it.
  const [knownId, setKnownId] = useState(filter.transactionId);
  if (filter.transactionId !== knownId) {
    setKnownId(filter.transactionId);
    if (settledId.trim() !== filter.transactionId) setIdText(filter.transactionId);
  }
  useEffect(() => {
    if (settledId.trim() !== filter.transactionId) onChange({ transactionId: settledId.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the settled text changes
  }, [settledId]);
  const outOfOrder = datesOutOfOrder(filter);
  return (
    <FilterBar label={FILTER_TEXT.bar}>
      <Field label={FILTER_TEXT.dates}>
        <Select value={filter.dates} onChange={(_e, d) => onChange({ dates: d.value as DatePreset })}>
          {(Object.keys(DATE_LABELS) as DatePreset[]).map((preset) => (
            <option key={preset} value={preset}>
              {DATE_LABELS[preset]}
            </option>
          ))}
        </Select>
      </Field>
      {filter.dates === 'custom' && (
        <>
          <Field label={FILTER_TEXT.from}>
            <Input
              type="date"
              value={filter.startDate}
              onChange={(_e, d) => onChange({ startDate: d.value })}
            />
          </Field>
          <Field
            label={FILTER_TEXT.to}
            validationState={outOfOrder ? 'error' : 'none'}
            validationMessage={outOfOrder ? FILTER_TEXT.datesOutOfOrder : undefined}
          >
            <Input type="date" value={filter.endDate} onChange={(_e, d) => onChange({ endDate: d.value })} />
          </Field>
        </>
      )}
      <Field label={FILTER_TEXT.source}>
        <Select
          value={filter.source}
          onChange={(_e, d) => onChange({ source: d.value as TransactionSource | 'all' })}
        >
          <option value="all">{FILTER_TEXT.allSources}</option>
          {(Object.keys(SOURCE_LABELS) as TransactionSource[]).map((source) => (
            <option key={source} value={source}>
              {SOURCE_LABELS[source]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={FILTER_TEXT.status}>
        <Select value={filter.status} onChange={(_e, d) => onChange({ status: d.value as StatusChoice })}>
          <option value="all">{FILTER_TEXT.allStatuses}</option>
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={FILTER_TEXT.sort}>
        <Select value={filter.sort} onChange={(_e, d) => onChange({ sort: d.value as TransactionSort })}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </Select>
      </Field>
      {!scoped && (
        <div className={styles.patient}>
          <LazyPatientFilter
            required={false}
            label={FILTER_TEXT.patient}
            value={filter.customerId}
            chosenName={patientName}
            onChange={(customerId) => onChange({ customerId })}
          />
        </div>
      )}
      <Field label={FILTER_TEXT.transactionId} className={styles.id}>
        <Input
          className={styles.idBox}
          value={idText}
          placeholder="R47NVR"
          title={FILTER_TEXT.transactionIdHint}
          onChange={(_e, d) => setIdText(d.value)}
        />
      </Field>
      {!scoped && (
        <div role="group" aria-labelledby={orphansId} className={styles.group}>
          <Label id={orphansId}>{FILTER_TEXT.unassociated}</Label>
          <div className={styles.orphans}>
            <Checkbox
              label={FILTER_TEXT.paymentPageOrphans}
              checked={filter.paymentPageOrphans}
              onChange={(_e, d) => onChange({ paymentPageOrphans: d.checked === true })}
            />
            <Checkbox
              label={FILTER_TEXT.otherOrphans}
              checked={filter.otherOrphans}
              onChange={(_e, d) => onChange({ otherOrphans: d.checked === true })}
            />
          </div>
        </div>
      )}
      <NarrowedBy filter={filter} onChange={onChange} />
      {isFiltered(filter) && (
        <Button
          appearance="subtle"
          icon={<DismissRegular />}
          onClick={() => {
            setIdText('');
            // Every filter goes, the patient's name in its box too; the order chosen stays.
            onChange({ ...EMPTY_FILTER, sort: filter.sort });
          }}
        >
          {FILTER_TEXT.clear}
        </Button>
      )}
    </FilterBar>
  );
}
