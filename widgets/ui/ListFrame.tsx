/**
 * The list frame every list uses (the Payment Plans and Payment Requests pages, the patient page's
 * sections of both; part 2's transactions, memberships…): the list's state until its rows are here
 * (loading, or the failure as an alert, with Try again where the list offers it), its table, what an
 * empty list says, and the pager, ten rows to a page (spec part 1, "Default page size in the
 * pagination widget: 10"), shown only when there is more than one page, unless the list counts its
 * rows ("25 payment plans · Page 1 of 3"), as the list pages do.
 *
 * `ListState`, `ListScroll` and `Pager` are its parts, for a list that is not a table of rows
 * (the outbox, the settings' panels).
 */
import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Table,
  TableBody,
  TableHeader,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { lazyPart } from '../runtime/lazyPart.js';
import type { ListFailureProps } from './ListFailure.js';
import { useListTableStyles } from './listColumns.js';
import { PAGE_SIZE, pageCount } from './paging.js';

export { PAGE_SIZE, pageCount } from './paging.js';

const useStyles = makeStyles({
  scroll: { transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
  stale: { opacity: 0.6 },
  pager: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    justifyContent: 'flex-end',
    marginTop: tokens.spacingVerticalM,
  },
  empty: { color: tokens.colorNeutralForeground2 },
  emptyUnderTable: { padding: tokens.spacingVerticalXL },
});

/** The same words and Try again, plain, until the MessageBar's code is here or if it cannot load. */
const plainFailure = ({ failedText, onRetry }: ListFailureProps) => (
  <div role="alert">
    {failedText}
    {onRetry ? (
      <>
        {' '}
        <Button onClick={onRetry}>Try again</Button>
      </>
    ) : null}
  </div>
);

const LazyListFailure = lazyPart(
  () => import('./ListFailure.js'),
  (module) => module.ListFailure,
  plainFailure,
  plainFailure,
).Component;

export interface ListStateProps {
  failed: boolean;
  /** Nothing to show yet (the first load is on its way). */
  loading: boolean;
  failedText: string;
  loadingText: string;
  /** With it, the failure offers Try again. */
  onRetry?: () => void;
  /** The spinner's size: 'small' in a page's section. */
  size?: 'small';
  children: ReactNode;
}

/**
 * The list's rows (`children`) once there are some to show; before, its loading spinner, or the
 * failure when the first load failed.
 */
export function ListState({
  failed,
  loading,
  failedText,
  loadingText,
  onRetry,
  size,
  children,
}: ListStateProps) {
  if (failed) return <LazyListFailure failedText={failedText} onRetry={onRetry} />;
  if (loading) return <Spinner size={size} label={loadingText} />;
  return <>{children}</>;
}

/**
 * The table's frame: the box its columns measure to give way (listColumns); past that, it scrolls
 * sideways rather than push the page; while `stale`, the rows show dimmed.
 */
export function ListScroll({ stale = false, children }: { stale?: boolean; children: ReactNode }) {
  const styles = useStyles();
  const table = useListTableStyles();
  return (
    <div className={mergeClasses(table.scroll, styles.scroll, stale && styles.stale)} aria-busy={stale}>
      {children}
    </div>
  );
}

export interface PagerProps {
  page: number;
  pages: number;
  /** How many there are, of what (singular: "payment plan"); left out where the list says it elsewhere. */
  count?: { total: number; noun: string };
  /**
   * The server stopped counting (a huge list): `pages` is a lower bound ("Page 3 of 1,000+") and
   * Next stays available past it. @default false
   */
  capped?: boolean;
  onPage: (page: number) => void;
}

/** A count as the lists show it: "1,234", or "10,000+" when the server stopped counting there. */
export function formatCount(total: number, capped = false): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** "payment plans", "anomalies": a noun's plural. */
export function plural(noun: string): string {
  return /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** Previous and Next, with where the list is: "25 payment plans · Page 1 of 3" (or "Page 1 of 3"). */
export function Pager({ page, pages, count, capped = false, onPage }: PagerProps) {
  const styles = useStyles();
  const total = count
    ? `${formatCount(count.total, capped)} ${count.total === 1 && !capped ? count.noun : plural(count.noun)} · `
    : '';
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Text>{`${total}Page ${page} of ${formatCount(pages, capped)}`}</Text>
      <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={page >= pages && !capped}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

export interface ListFrameProps<Row> extends Omit<ListStateProps, 'children' | 'size'> {
  /** The table's accessible name. */
  label: string;
  /** The rows of this page; undefined until the first load answers. */
  rows: readonly Row[] | undefined;
  /** Another page or filter is loading: the last rows show, dimmed. */
  stale?: boolean;
  /** What an empty list says. */
  emptyText: ReactNode;
  /**
   * 'page': a page's list; its header stays when it is empty, with the text under it.
   * 'section': a section of a page (smaller); the text takes the table's place.
   */
  variant: 'page' | 'section';
  /** The header row's cells. */
  header: ReactNode;
  /** One row (a TableRow with its key). */
  renderRow: (row: Row) => ReactNode;
  tableClassName?: string;
  /**
   * This page and the total; `noun` makes the pager count the rows and always show; `capped`: the
   * total is a lower bound (see Pager).
   */
  pager: {
    page: number;
    totalCount: number;
    onPage: (page: number) => void;
    noun?: string;
    capped?: boolean;
  };
}

export function ListFrame<Row>(props: ListFrameProps<Row>) {
  const { label, rows, stale, emptyText, variant, header, renderRow, tableClassName, pager } = props;
  const styles = useStyles();
  const tableStyles = useListTableStyles();
  const section = variant === 'section';
  const pages = pageCount(pager.totalCount);
  const empty = rows !== undefined && rows.length === 0;
  const table = (
    <ListScroll stale={stale}>
      <Table
        aria-label={label}
        size={section ? 'small' : undefined}
        className={mergeClasses(tableStyles.table, tableClassName)}
      >
        <TableHeader>
          <TableRow>{header}</TableRow>
        </TableHeader>
        <TableBody>{(rows ?? []).map(renderRow)}</TableBody>
      </Table>
    </ListScroll>
  );
  return (
    <ListState
      failed={props.failed}
      loading={props.loading}
      failedText={props.failedText}
      loadingText={props.loadingText}
      onRetry={props.onRetry}
      size={section ? 'small' : undefined}
    >
      {section && empty ? (
        <Text className={styles.empty}>{emptyText}</Text>
      ) : (
        <>
          {table}
          {empty && (
            <Text as="p" className={mergeClasses(styles.empty, styles.emptyUnderTable)}>
              {emptyText}
            </Text>
          )}
          {(pager.noun || pages > 1) && (
            <Pager
              page={pager.page}
              pages={pager.capped ? Math.max(pages, pager.page) : pages}
              capped={pager.capped}
              count={pager.noun ? { total: pager.totalCount, noun: pager.noun } : undefined}
              onPage={pager.onPage}
            />
          )}
        </>
      )}
    </ListState>
  );
}

/**
 * A section's rows already in hand (a practice's people, a person's practices): the list frame with
 * no load of its own, ten rows to a page.
 */
export function RowsInHand<Row>(
  props: Pick<ListFrameProps<Row>, 'label' | 'emptyText' | 'header' | 'renderRow' | 'tableClassName'> & {
    rows: readonly Row[];
  },
) {
  const [page, setPage] = useState(1);
  const pages = pageCount(props.rows.length);
  // Rows taken away (a person removed) may leave the page past the end: show the last.
  const shown = Math.min(page, pages);
  return (
    <ListFrame<Row>
      {...props}
      variant="section"
      rows={props.rows.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE)}
      failed={false}
      loading={false}
      failedText=""
      loadingText=""
      pager={{ page: shown, totalCount: props.rows.length, onPage: setPage }}
    />
  );
}
