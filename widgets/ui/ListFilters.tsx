/**
 * A list's filter bar: `FilterBar` is the frame (a search landmark whose fields wrap), `ListFilters`
 * the one the Payment Plans and Payment Requests pages use (the patient search box and the status,
 * then the page's own fields); the transactions widget lays out its own fields in the frame. The
 * lists themselves are ListFrame.tsx.
 */
import { Field, makeStyles, SearchBox, Select, tokens } from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { useDebouncedValue } from './useDebouncedValue.js';

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalL,
  },
  search: { minWidth: '240px', flex: '1 1 240px' },
});

/**
 * A list's search box: what is typed is handed on once typing settles, and a search that arrives
 * from outside (a link or Back changed the address) shows in the box, while the box's own search,
 * which the address then holds, leaves what was typed since alone.
 */
export function ListSearchBox({
  label,
  placeholder,
  search,
  onSearch,
  className,
}: {
  label: string;
  placeholder: string;
  /** The search as the filter has it (the address). */
  search: string;
  onSearch: (search: string) => void;
  className?: string;
}) {
  const styles = useStyles();
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text, LIST_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled !== search) onSearch(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the settled text changes
  }, [settled]);
  useEffect(() => {
    if (search !== settled) setText(search);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address changes
  }, [search]);
  return (
    <Field label={label} className={className ?? styles.search}>
      <SearchBox placeholder={placeholder} value={text} onChange={(_e, d) => setText(d.value)} />
    </Field>
  );
}

/** The bar's frame: its fields side by side, wrapping on a narrow screen, as one search landmark. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.filters} role="search" aria-label={label}>
      {children}
    </div>
  );
}

/** How long the patient search box waits for typing to settle before it filters the list. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/**
 * A list page's filter bar: the patient search box, which hands its text on once typing settles,
 * the status select, and the page's own fields after them (`children`).
 */
export function ListFilters<S extends string>({
  label,
  search,
  onSearch,
  status,
  statuses,
  onStatus,
  children,
}: {
  /** The bar's accessible name ("Filter payment plans"). */
  label: string;
  /** The search as the filter has it (the address), which the box starts from. */
  search: string;
  onSearch: (search: string) => void;
  status: S;
  statuses: readonly { value: S; label: string }[];
  onStatus: (status: S) => void;
  children?: ReactNode;
}) {
  return (
    <FilterBar label={label}>
      <ListSearchBox
        label="Patient"
        placeholder="Search by patient name, e-mail or patient number"
        search={search}
        onSearch={onSearch}
      />
      <Field label="Status">
        <Select value={status} onChange={(_e, d) => onStatus(d.value as S)}>
          {statuses.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
      </Field>
      {children}
    </FilterBar>
  );
}
