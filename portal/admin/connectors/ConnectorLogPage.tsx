/**
 * Open Dental Log (`#/admin/odlog/{id}`): one practice's connector (its state, heartbeat, version and
 * latency) and its postings and failures, newest first, with Retry of a failed one; the sandbox's
 * control makes the connector go silent, fail every posting, or run again. Without a practice, the
 * Service Check lists them.
 */
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  Button,
  Field,
  Link,
  makeStyles,
  Select,
  Spinner,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  connectorLog,
  retryPosting,
  type ConnectorLogEntry,
  type ConnectorMode,
  type PostingState,
} from '../../../embed-sdk/contract/connectors.js';
import { setConnectorMode } from '../../../embed-sdk/contract/sandbox.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { DetailList } from '../../../widgets/ui/DetailList.js';
import { FilterBar } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { heartbeatText, STATE_PILLS, versionText } from './connectorState.js';
import { StatusPill } from '../StatusPill.js';
import { useAdminAction } from '../useAdminAction.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    marginBottom: tokens.spacingVerticalXL,
    alignItems: 'start',
  },
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const POSTING_PILLS: Record<PostingState, { text: string; color: 'success' | 'danger' | 'informative' }> = {
  PENDING: { text: 'Waiting', color: 'informative' },
  POSTED: { text: 'Posted', color: 'success' },
  FAILED: { text: 'Failed', color: 'danger' },
};

const KIND_TEXT: Record<ConnectorLogEntry['kind'], string> = {
  PAYMENT: 'Payment',
  REFUND: 'Refund',
  VOID: 'Void',
  MOVE: 'Move to another patient',
  ALLOCATION: 'Allocation',
};

const MODES: { mode: ConnectorMode; label: string; done: string; now: string }[] = [
  { mode: 'RUNNING', label: 'Run normally', done: 'runs normally', now: 'running normally' },
  { mode: 'SILENT', label: 'Go silent', done: 'is silent: no heartbeat, no posting', now: 'silent' },
  { mode: 'FAILING', label: 'Fail every posting', done: 'fails every posting', now: 'failing every posting' },
];

function ConnectorLog({ companyId }: { companyId: number }) {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [state, setState] = useState<PostingState | ''>('');
  const [page, setPage] = useState(1);
  const query = { companyId, page, ...(state ? { state } : {}) };
  const { data, error, isLoading, mutate } = useSWR(
    ['admin/connector/log', companyId, state, page],
    () => valueOf(sdk.api.call(connectorLog, { query })),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false, refreshInterval: 10_000 },
  );

  const { busy, act } = useAdminAction(mutate);

  if (error && !data) {
    return (
      <PageHeader
        eyebrow="Admin · Open Dental Log"
        title="Open Dental Log"
        description="This practice's connector could not be loaded: the practice may not exist."
      />
    );
  }
  if (!data) return <Spinner label="Loading the connector…" />;
  const c = data.connector;
  const pill = STATE_PILLS[c.state];
  return (
    <>
      <PageHeader
        eyebrow="Admin · Open Dental Log"
        title={`${c.companyName}: connector`}
        description={
          <>
            {gatewayLabel(c.gatewayCode)} · practice ID {c.companyId} ·{' '}
            <Link href={`#/admin/company/${c.companyId}`}>the practice's page</Link> ·{' '}
            <Link href={`#/admin/showTunnelKey?companyId=${c.companyId}`}>its tunnel key</Link> ·{' '}
            <Link href="#/admin/odServiceCheck">every connector</Link>
          </>
        }
      />
      <div className={styles.grid}>
        <Panel title="Connector">
          <DetailList
            items={[
              ['State', <StatusPill key="s" pill={pill} />],
              [
                'Last heartbeat',
                c.lastHeartbeatAt ? `${heartbeatText(c)} (${formatDateTime(c.lastHeartbeatAt)})` : 'Never',
              ],
              ['Version', versionText(c)],
              ['Latency', c.latencyMs === null ? '—' : `${c.latencyMs} ms`],
              ['Postings waiting', String(c.pending)],
              ['Postings failed', String(c.failed)],
            ]}
          />
        </Panel>
        <Panel title="Sandbox">
          <p className={styles.muted}>
            The sandbox plays this practice's connector. Make it go silent or fail, to see what the screens
            show; it is {MODES.find((m) => m.mode === c.mode)!.now} now.
          </p>
          <div className={styles.controls}>
            {MODES.filter((m) => m.mode !== c.mode).map((m) => (
              <Button
                key={m.mode}
                disabled={busy !== null}
                onClick={() =>
                  void act(
                    m.mode,
                    () => valueOf(sdk.api.call(setConnectorMode, { body: { companyId, mode: m.mode } })),
                    `The connector ${m.done}`,
                  )
                }
              >
                {m.label}
              </Button>
            ))}
          </div>
        </Panel>
      </div>
      <FilterBar label="Filter postings">
        <Field label="Postings">
          <Select
            value={state}
            onChange={(_e, d) => {
              setState(d.value as PostingState | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="FAILED">Failed</option>
            <option value="PENDING">Waiting</option>
            <option value="POSTED">Posted</option>
          </Select>
        </Field>
      </FilterBar>
      <ListFrame<ConnectorLogEntry>
        variant="page"
        label="Postings"
        rows={data.entries}
        failed={!!error}
        loading={false}
        stale={isLoading}
        failedText="The postings could not be loaded."
        loadingText="Loading postings…"
        onRetry={() => void mutate()}
        emptyText={state ? 'No posting in this state.' : 'This connector has posted nothing yet.'}
        header={
          <>
            <TableHeaderCell className={columns.nowrap}>Queued</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Transaction</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Kind</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>State</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Attempts</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>Outcome</TableHeaderCell>
            <TableHeaderCell className={columns.fit}>Action</TableHeaderCell>
          </>
        }
        renderRow={(e) => {
          const id = e.referenceId?.split('-')[0] ?? `#${e.transactionId}`;
          const outcome =
            e.state === 'POSTED'
              ? `Posted ${formatDateTime(e.postedAt)}`
              : e.state === 'FAILED'
                ? (e.error ?? 'Failed')
                : `Due ${formatDateTime(e.dueAt)}`;
          return (
            <TableRow key={e.postingId} data-posting={e.postingId}>
              <TableCell className={columns.nowrap}>{formatDateTime(e.created)}</TableCell>
              <TableCell className={columns.nowrap}>{id}</TableCell>
              <TableCell className={columns.nowrap}>{KIND_TEXT[e.kind]}</TableCell>
              <TableCell className={columns.nowrap}>
                <StatusPill pill={POSTING_PILLS[e.state]} />
              </TableCell>
              <TableCell className={columns.money}>{e.attempts}</TableCell>
              <TableCell className={columns.elastic}>
                <Truncated text={outcome} width="fill" />
              </TableCell>
              <TableCell className={columns.fit}>
                {e.state === 'FAILED' ? (
                  <Button
                    size="small"
                    disabled={busy !== null}
                    aria-label={`Retry ${id}`}
                    onClick={() =>
                      void act(
                        `retry-${e.postingId}`,
                        () =>
                          valueOf(
                            sdk.api.call(retryPosting, { body: { companyId, postingId: e.postingId } }),
                          ),
                        `${id} is queued again`,
                      )
                    }
                  >
                    Retry
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          );
        }}
        pager={{ page, totalCount: data.totalCount, noun: 'posting', onPage: setPage }}
      />
    </>
  );
}

export default function ConnectorLogPage() {
  const param = useParams().id;
  if (param === undefined) return <Navigate to="/admin/odServiceCheck" replace />;
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) {
    return <PageHeader eyebrow="Admin" title="Open Dental Log" description="There is no such practice." />;
  }
  return <ConnectorLog key={id} companyId={id} />;
}
