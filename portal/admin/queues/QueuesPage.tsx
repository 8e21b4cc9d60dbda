/**
 * Queues (`#/admin/queues`): the background work of every practice (billing, the practice system's
 * postings, the outbox), each with how many items wait, the oldest and how many failed, paused or
 * resumed here for every server; below, one queue's items, failed first, with Retry.
 */
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Field,
  Link,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { retryPosting } from '../../../embed-sdk/contract/connectors.js';
import {
  adminQueues,
  pauseQueue,
  QUEUE_ITEM_STATES,
  QUEUE_NAMES,
  QUEUE_TITLES,
  queueItems,
  retryBilling,
  type Queue,
  type QueueItem,
  type QueueItemState,
  type QueueSummary,
} from '../../../embed-sdk/contract/queues.js';
import { formatCurrency, formatDate, formatDateTime, relativeTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { DetailList } from '../../../widgets/ui/DetailList.js';
import { FilterBar } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { StatusPill } from '../StatusPill.js';
import { useAdminAction } from '../useAdminAction.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(210px, 1fr))',
    marginBottom: tokens.spacingVerticalXL,
    alignItems: 'stretch',
  },
  cell: { display: 'flex', borderRadius: tokens.borderRadiusXLarge },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1 },
  chosen: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '2px' },
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: 'auto' },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  // What the item is and why it failed, wrapping: the words are the point of the row.
  what: { width: '45%', paddingBlock: tokens.spacingVerticalS },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

/** What each queue holds, in a sentence under its name. */
const QUEUE_TEXT: Record<Queue, string> = {
  BILLING: "Payment plans' and memberships' charges that are due; declined ones wait for a retry.",
  POSTINGS: 'Payments, refunds, moves and allocations on their way to the practice system.',
  OUTBOX: 'Texts and e-mails to patients and people. Held only while the queue is paused.',
};

const ITEM_PILLS: Record<QueueItemState, { text: string; color: 'danger' | 'informative' }> = {
  FAILED: { text: 'Failed', color: 'danger' },
  WAITING: { text: 'Waiting', color: 'informative' },
};

/** A day (billing falls due on a day) or a moment. */
const when = (value: string) => (value.length === 10 ? formatDate(value) : formatDateTime(value));

function oldestText(q: QueueSummary, now: Date): string {
  if (!q.oldestAt) return 'None waiting';
  return q.oldestAt.length === 10
    ? formatDate(q.oldestAt)
    : `${relativeTime(q.oldestAt, now)} (${when(q.oldestAt)})`;
}

function QueueCard({
  q,
  chosen,
  busy,
  onPause,
  onShow,
}: {
  q: QueueSummary;
  chosen: boolean;
  busy: boolean;
  onPause(): void;
  onShow(): void;
}) {
  const styles = useStyles();
  const sdk = useSdk();
  const title = QUEUE_TITLES[q.queue];
  return (
    <div data-queue={q.queue} className={mergeClasses(styles.cell, chosen && styles.chosen)}>
      <Panel title={title} className={styles.card}>
        <p className={styles.muted}>{QUEUE_TEXT[q.queue]}</p>
        <DetailList
          dense
          items={[
            [
              'State',
              <StatusPill
                key="s"
                pill={q.paused ? { text: 'Paused', color: 'warning' } : { text: 'Running', color: 'success' }}
              />,
            ],
            ['Waiting', String(q.depth)],
            ['Oldest', oldestText(q, sdk.now())],
            ['Failed', q.failures === null ? 'Cannot fail here' : String(q.failures)],
            ...(q.paused && q.pausedAt
              ? ([['Paused', `${formatDateTime(q.pausedAt)} by ${q.pausedBy}`]] as [string, string][])
              : []),
          ]}
        />
        <div className={styles.controls}>
          <Button appearance={chosen ? 'primary' : 'secondary'} onClick={onShow} aria-pressed={chosen}>
            Show items
          </Button>
          <Button
            disabled={busy}
            onClick={onPause}
            aria-label={q.paused ? `Resume ${title.toLowerCase()}` : `Pause ${title.toLowerCase()}`}
          >
            {q.paused ? 'Resume' : 'Pause'}
          </Button>
        </div>
      </Panel>
    </div>
  );
}

export default function QueuesPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [params, setParams] = useSearchParams();
  const queue = QUEUE_NAMES.find((q) => q === params.get('queue')) ?? 'POSTINGS';
  const state = QUEUE_ITEM_STATES.find((s) => s === params.get('state'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const show = (next: { queue?: Queue; state?: QueueItemState | undefined; page?: number }) => {
    const merged = { queue, state, page: 1, ...next };
    const search = new URLSearchParams({ queue: merged.queue });
    if (merged.state) search.set('state', merged.state);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  const summaries = useSWR('admin/queues', () => valueOf(sdk.api.call(adminQueues, {})), {
    refreshInterval: 5_000,
    revalidateOnFocus: false,
  });
  const items = useSWR(
    ['admin/queue/items', queue, state, page],
    () => valueOf(sdk.api.call(queueItems, { query: { queue, page, ...(state ? { state } : {}) } })),
    { keepPreviousData: true, refreshInterval: 5_000, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const reload = () => Promise.all([summaries.mutate(), items.mutate()]);
  const { busy, act } = useAdminAction(reload);

  const retry = (item: QueueItem) => {
    const what = item.description;
    if (item.itemType === 'POSTING') {
      return act(
        `retry-${item.itemType}-${item.id}`,
        () =>
          valueOf(sdk.api.call(retryPosting, { body: { companyId: item.companyId!, postingId: item.id } })),
        'Queued again',
        `${what} will be posted in a few seconds.`,
      );
    }
    return act(
      `retry-${item.itemType}-${item.id}`,
      async () => {
        const outcome = await valueOf(
          sdk.api.call(retryBilling, {
            body: {
              companyId: item.companyId!,
              itemType: item.itemType as 'PAYMENT_PLAN' | 'MEMBERSHIP',
              id: item.id,
            },
            idempotencyKey: crypto.randomUUID(),
          }),
        );
        if (!outcome.approved)
          throw new Error(`${what}: ${outcome.message ?? 'the card was declined again.'}`);
      },
      'Charged',
      `${what}: the card was charged.`,
    );
  };

  const title = QUEUE_TITLES[queue];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Queues"
        description="The work the platform does on its own for every practice. A paused queue takes nothing, on every server, until it is resumed."
      />
      {!summaries.data ? (
        summaries.error ? (
          <p role="alert">The queues could not be loaded.</p>
        ) : (
          <Spinner label="Loading the queues…" />
        )
      ) : (
        <div className={styles.grid}>
          {summaries.data.queues.map((q) => (
            <QueueCard
              key={q.queue}
              q={q}
              chosen={q.queue === queue}
              busy={busy !== null}
              onShow={() => show({ queue: q.queue })}
              onPause={() =>
                void act(
                  `pause-${q.queue}`,
                  () => valueOf(sdk.api.call(pauseQueue, { body: { queue: q.queue, paused: !q.paused } })),
                  q.paused ? `${QUEUE_TITLES[q.queue]} resumed` : `${QUEUE_TITLES[q.queue]} paused`,
                  q.paused
                    ? 'Its items are taken again.'
                    : 'Nothing is taken from it, on any server, until you resume it.',
                )
              }
            />
          ))}
        </div>
      )}
      <FilterBar label={`Filter the items of ${title.toLowerCase()}`}>
        <Field label="Queue">
          <Select value={queue} onChange={(_e, d) => show({ queue: d.value as Queue })}>
            {QUEUE_NAMES.map((q) => (
              <option key={q} value={q}>
                {QUEUE_TITLES[q]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Items">
          <Select
            value={state ?? ''}
            onChange={(_e, d) => show({ state: (d.value || undefined) as QueueItemState | undefined })}
          >
            <option value="">All</option>
            <option value="FAILED">Failed</option>
            <option value="WAITING">Waiting</option>
          </Select>
        </Field>
      </FilterBar>
      <ListFrame<QueueItem>
        variant="page"
        label={`Items of ${title.toLowerCase()}`}
        rows={items.data?.items ?? []}
        failed={!!items.error && !items.data}
        loading={!items.data && !items.error}
        stale={items.isLoading}
        failedText="The items could not be loaded."
        loadingText="Loading items…"
        onRetry={() => void items.mutate()}
        emptyText={state === 'FAILED' ? 'Nothing has failed.' : 'Nothing waits in this queue.'}
        header={
          <>
            <TableHeaderCell className={columns.nowrap}>Since</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
            <TableHeaderCell className={styles.what}>Item</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>State</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Amount</TableHeaderCell>
            <TableHeaderCell className={columns.fit}>Action</TableHeaderCell>
          </>
        }
        renderRow={(item) => (
          <TableRow key={`${item.itemType}-${item.id}`} data-item={`${item.itemType}-${item.id}`}>
            <TableCell className={columns.nowrap}>{when(item.since)}</TableCell>
            <TableCell className={columns.elastic}>
              {item.companyName ? (
                <Truncated text={item.companyName} width="fill">
                  <Link
                    href={
                      item.itemType === 'POSTING'
                        ? `#/admin/odlog/${item.companyId}`
                        : `#/admin/company/${item.companyId}`
                    }
                  >
                    {item.companyName}
                  </Link>
                </Truncated>
              ) : (
                'Chairside'
              )}
            </TableCell>
            <TableCell className={styles.what}>
              <div className={styles.stack}>
                <span>{item.description}</span>
                {item.error ? <span className={styles.muted}>{item.error}</span> : null}
              </div>
            </TableCell>
            <TableCell className={columns.nowrap}>
              <StatusPill pill={ITEM_PILLS[item.state]} />
            </TableCell>
            <TableCell className={columns.money}>
              {item.amount === null ? '—' : formatCurrency(item.amount)}
            </TableCell>

            <TableCell className={columns.fit}>
              {item.state === 'FAILED' && item.itemType !== 'MESSAGE' ? (
                <Button
                  size="small"
                  disabled={busy !== null}
                  aria-label={`Retry ${item.description}`}
                  onClick={() => void retry(item)}
                >
                  {busy === `retry-${item.itemType}-${item.id}` ? 'Retrying…' : 'Retry'}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        )}
        pager={{
          page,
          totalCount: items.data?.totalCount ?? 0,
          noun: 'item',
          onPage: (p) => show({ state, page: p }),
        }}
      />
    </>
  );
}
