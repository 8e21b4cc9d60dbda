/**
 * Log Files (`#/admin/logfiles`): the server's structured log, every instance's lines, found by
 * level, practice, request id and text, newest first, each line opened to its fields, with a live
 * tail that puts new lines at the top under the same filter.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Field, makeStyles, Select, Switch, TableHeaderCell, Text, tokens } from '@fluentui/react-components';
import {
  LOG_LEVEL_TITLES,
  LOG_LEVELS,
  LOG_RETENTION_DAYS,
  serverLog,
  type LogLevel,
} from '../../../embed-sdk/contract/logs.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { FilterBar, ListSearchBox } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { PracticePicker } from '../PracticePicker.js';
import { logQuery, useLogFilter } from './logFilter.js';
import { LogLineRows } from './LogLineRows.js';
import { LOG_TAIL_MS, useLogTail } from './useLogTail.js';

const useStyles = makeStyles({
  practice: { minWidth: '240px', flex: '0 1 300px' },
  search: { minWidth: '200px', flex: '1 1 220px' },
  tail: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  message: { width: '40%' },
});

export default function LogFilesPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { filter, change, page } = useLogFilter();
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const query = logQuery(filter);
  const list = useSWR(
    ['admin/logs', JSON.stringify(query), filter.page, filter.upTo],
    () =>
      valueOf(
        sdk.api.call(serverLog, {
          query: { ...query, page: filter.page, ...(filter.upTo ? { upTo: filter.upTo } : {}) },
        }),
      ),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const tailing = live && filter.page === 1;
  const tail = useLogTail(query, filter.page === 1 ? list.data?.newestId : undefined, tailing);
  const shownIds = new Set(tail.lines.map((l) => l.id));
  const rows = list.data ? [...tail.lines, ...list.data.lines.filter((l) => !shownIds.has(l.id))] : undefined;
  const filtered = Object.keys(query).length > 0;
  const toggle = (id: number) =>
    setOpen((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Log Files"
        description={`What every server instance logs, newest first, kept for ${LOG_RETENTION_DAYS} days. Passwords, tokens, keys and card numbers are removed before a line is stored.`}
      />
      <FilterBar label="Filter the log">
        <Field label="Level">
          <Select value={filter.level} onChange={(_e, d) => change({ level: d.value as LogLevel | '' })}>
            <option value="">Every level</option>
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {`${LOG_LEVEL_TITLES[level]} and above`}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.practice}>
          <PracticePicker
            label="Practice"
            required={false}
            value={filter.practice}
            onChange={(practice) => change({ practice })}
          />
        </div>
        <ListSearchBox
          label="Request ID"
          placeholder="As an answer's x-request-id"
          search={filter.requestId}
          onSearch={(requestId) => change({ requestId })}
          className={styles.search}
        />
        <ListSearchBox
          label="Text"
          placeholder="In the message or any field"
          search={filter.text}
          onSearch={(text) => change({ text })}
          className={styles.search}
        />
      </FilterBar>
      <div className={styles.tail}>
        <Switch
          label="Live tail"
          checked={live}
          onChange={(_e, d) => {
            setLive(d.checked);
            if (d.checked && filter.page > 1) page(1, undefined);
          }}
        />
        <Text role="status" className={tail.failed ? styles.warning : styles.muted}>
          {!live
            ? ''
            : tail.failed
              ? 'The live tail could not reach the server; it tries again.'
              : `New lines appear at the top as they are logged (every ${LOG_TAIL_MS / 1000} seconds)${
                  tail.lines.length > 0 ? `: ${tail.lines.length} so far` : ''
                }.`}
        </Text>
      </div>
      <ListFrame
        variant="page"
        label="Log lines"
        rows={rows}
        failed={!!list.error}
        loading={!list.data && !list.error}
        stale={list.isLoading}
        failedText="The log could not be loaded."
        loadingText="Loading the log…"
        onRetry={() => void list.mutate()}
        emptyText={
          filtered
            ? 'No line matches these filters. Choose a lower level or clear a filter.'
            : `The servers have logged nothing in the last ${LOG_RETENTION_DAYS} days.`
        }
        header={
          <>
            <TableHeaderCell className={columns.fit} aria-label="Fields" />
            <TableHeaderCell className={columns.nowrap}>Time</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Level</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Instance</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Practice</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Request ID</TableHeaderCell>
            <TableHeaderCell className={styles.message}>Message</TableHeaderCell>
          </>
        }
        renderRow={(line) => (
          <LogLineRows
            key={line.id}
            line={line}
            open={open.has(line.id)}
            onToggle={() => toggle(line.id)}
            onRequest={(requestId) => change({ requestId })}
          />
        )}
        pager={{
          page: filter.page,
          totalCount: list.data?.totalCount ?? 0,
          capped: list.data?.capped,
          noun: 'line',
          onPage: (p) => {
            if (p > 1) setLive(false);
            page(p, list.data?.newestId);
          },
        }}
      />
    </>
  );
}
