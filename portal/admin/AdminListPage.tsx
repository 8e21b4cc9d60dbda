/**
 * The frame of the admin area's directories (Dentists, Admin Users, Gateways): the page's heading and
 * its main action, one search box, and ten rows to a page with their count, the search and the page
 * kept in the address (adminListFilter.ts). A directory gives its call, its texts and its columns.
 */
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { FilterBar, ListSearchBox } from '../../widgets/ui/ListFilters.js';
import { ListFrame, type ListFrameProps } from '../../widgets/ui/ListFrame.js';
import { PageHeader } from '../pages/PageHeader.js';
import { useAdminListFilter, type AdminListQuery } from './adminListFilter.js';

const useStyles = makeStyles({
  search: { minWidth: '240px', flex: '0 1 480px' },
  id: { display: 'block', color: tokens.colorNeutralForeground3 },
});

/** A record's id, small under its name in a directory's first column ("ID 12"). */
export function IdLine({ id }: { id: number }) {
  return (
    <Text size={200} className={useStyles().id}>
      {`ID ${id}`}
    </Text>
  );
}

export interface AdminListPageProps<Row, Answer extends { totalCount: number }> {
  title: string;
  description: string;
  /** The page's main action: a link to a form (New Dentist, Invite a person). */
  action?: { label: string; href: string };
  /** The search: the bar's accessible name, the box's label and its placeholder. */
  find: { label: string; box: string; placeholder: string };
  /** The call for a search and a page (SWR's key is `cacheKey` with them), and the rows in its answer. */
  cacheKey: string;
  load: (query: AdminListQuery) => Promise<Answer>;
  rowsOf: (answer: Answer) => Row[];
  /** Asks again this often while the page is open (a screen that watches something live). */
  refreshMs?: number;
  /** The table: its name, the pager's noun, what it says while loading, failed and empty. */
  table: Pick<ListFrameProps<Row>, 'label' | 'failedText' | 'loadingText' | 'header' | 'renderRow'> & {
    noun: string;
    /** What an empty list says, for the search (or '' when there is none). */
    emptyText: (search: string) => ReactNode;
  };
}

export function AdminListPage<Row, Answer extends { totalCount: number }>(
  props: AdminListPageProps<Row, Answer>,
) {
  const styles = useStyles();
  const { search, page, query, update } = useAdminListFilter();
  const { cacheKey, load, table } = props;
  const { data, error, isLoading, mutate } = useSWR([cacheKey, search, page], () => load(query), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    refreshInterval: props.refreshMs,
  });
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={props.title}
        description={props.description}
        actions={
          props.action ? (
            <Button appearance="primary" as="a" href={props.action.href}>
              {props.action.label}
            </Button>
          ) : undefined
        }
      />
      <FilterBar label={props.find.label}>
        <ListSearchBox
          label={props.find.box}
          placeholder={props.find.placeholder}
          search={search}
          onSearch={(s) => update({ search: s })}
          className={styles.search}
        />
      </FilterBar>
      <ListFrame<Row>
        variant="page"
        label={table.label}
        rows={data ? props.rowsOf(data) : undefined}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText={table.failedText}
        loadingText={table.loadingText}
        onRetry={() => void mutate()}
        emptyText={table.emptyText(search)}
        header={table.header}
        renderRow={table.renderRow}
        pager={{
          page,
          totalCount: data?.totalCount ?? 0,
          noun: table.noun,
          onPage: (p) => update({ page: p }),
        }}
      />
    </>
  );
}
