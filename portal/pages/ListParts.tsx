/**
 * What the portal's lists share (the Payment Plans and Payment Requests pages, and the patient
 * page's sections of both): the list's state until its rows are here (loading, or the failure as an
 * alert), the table's frame that scrolls sideways and dims the last rows while the next ones load,
 * the pager, and the two list pages' filter bar.
 */
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  SearchBox,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../../widgets/ui/useDebouncedValue.js';

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
    marginBottom: tokens.spacingVerticalL,
  },
  search: { minWidth: '240px', flex: '1 1 240px' },
  scroll: { overflowX: 'auto', transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
  stale: { opacity: 0.6 },
  pager: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    justifyContent: 'flex-end',
    marginTop: tokens.spacingVerticalM,
  },
});

/**
 * The list's rows (`children`) once there are some to show; before, its loading spinner, or the
 * failure when the first load failed.
 */
export function ListState({
  failed,
  loading,
  failedText,
  loadingText,
  size,
  children,
}: {
  failed: boolean;
  /** Nothing to show yet (the first load is on its way). */
  loading: boolean;
  failedText: string;
  loadingText: string;
  /** The spinner's size: 'small' in a page's section. */
  size?: 'small';
  children: ReactNode;
}) {
  if (failed) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{failedText}</MessageBarBody>
      </MessageBar>
    );
  }
  if (loading) return <Spinner size={size} label={loadingText} />;
  return <>{children}</>;
}

/** The table's frame: it scrolls sideways on a narrow screen; while `stale`, the rows show dimmed. */
export function ListScroll({ stale = false, children }: { stale?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.scroll, stale && styles.stale)} aria-busy={stale}>
      {children}
    </div>
  );
}

/** Previous and Next, with where the list is: "25 payment plans · Page 1 of 3" (or "Page 1 of 3"). */
export function Pager({
  page,
  pages,
  count,
  onPage,
}: {
  page: number;
  pages: number;
  /** How many there are, of what (singular: "payment plan"); left out where the list says it elsewhere. */
  count?: { total: number; noun: string };
  onPage: (page: number) => void;
}) {
  const styles = useStyles();
  const total = count ? `${count.total} ${count.noun}${count.total === 1 ? '' : 's'} · ` : '';
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Text>{`${total}Page ${page} of ${pages}`}</Text>
      <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
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
  const styles = useStyles();
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text, LIST_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled !== search) onSearch(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the settled text changes
  }, [settled]);
  return (
    <div className={styles.filters} role="search" aria-label={label}>
      <Field label="Patient" className={styles.search}>
        <SearchBox
          placeholder="Search by patient name, e-mail or patient number"
          value={text}
          onChange={(_e, d) => setText(d.value)}
        />
      </Field>
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
    </div>
  );
}
