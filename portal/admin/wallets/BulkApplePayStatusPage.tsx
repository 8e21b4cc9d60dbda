/**
 * Bulk Apple Pay Status (`#/admin/bulkApplePayStatus`): every practice's payment-page domains and their
 * wallet registration at its processor account, registered or checked again for many practices at once,
 * each run's progress shown as its practices are done.
 */
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import {
  Button,
  makeStyles,
  ProgressBar,
  Tab,
  TabList,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  adminWallets,
  startWalletRun,
  walletRunProgress,
  walletRuns,
  WALLET_RUN_MAX_PRACTICES,
  type PracticeWallet,
  type WalletRun,
  type WalletStatus,
} from '../../../embed-sdk/contract/wallets.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { FormError } from '../../../widgets/ui/FormError.js';
import { ListSearchBox } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { Panel } from '../../pages/Panel.js';
import { placeErrors } from '../adminForm.js';
import { StatusPill, type Pill } from '../StatusPill.js';
import { useChosenPractices } from '../useChosenPractices.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  domains: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '4px' },
  domain: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  reason: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '220px' },
});

const PILLS: Record<WalletStatus, Pill> = {
  VERIFIED: { text: 'Verified', color: 'success' },
  FAILED: { text: 'Failed', color: 'danger' },
  NOT_REGISTERED: { text: 'Not registered', color: 'informative' },
};

const TABS: { value: WalletStatus | 'ALL'; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'NOT_REGISTERED', label: 'Not registered' },
  { value: 'VERIFIED', label: 'Verified' },
];

/** How often a running run's progress is read. */
const PROGRESS_MS = 500;

function RunProgress({ run }: { run: WalletRun }) {
  const styles = useStyles();
  const finished = run.state === 'DONE';
  return (
    <div className={styles.progress}>
      <ProgressBar
        value={run.practices === 0 ? 1 : run.done / run.practices}
        color={finished ? (run.failed > 0 ? 'warning' : 'success') : 'brand'}
        thickness="large"
        aria-label={`${run.done} of ${run.practices} practices done`}
      />
      <span>
        {`${run.done} of ${run.practices} practices done`}
        {run.failed > 0 ? (
          <span className={styles.muted}>{` · ${run.failed} with a failing domain`}</span>
        ) : null}
      </span>
    </div>
  );
}

export default function BulkApplePayStatusPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<WalletStatus | 'ALL'>('ALL');
  const [page, setPage] = useState(1);
  const { chosen, clear, pageBox, rowBox, summary } = useChosenPractices();
  const [confirming, setConfirming] = useState<'REGISTER' | 'RECHECK' | null>(null);
  const [running, setRunning] = useState<WalletRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => clearInterval(polling.current ?? undefined), []);

  const wallets = useSWR(['admin/wallets', search, status, page], () =>
    valueOf(
      sdk.api.call(adminWallets, {
        query: { page, ...(search ? { search } : {}), ...(status === 'ALL' ? {} : { status }) },
      }),
    ),
  );
  const runs = useSWR(['admin/wallets/runs'], () => valueOf(sdk.api.call(walletRuns)), {
    revalidateOnFocus: false,
  });
  const onPage = wallets.data?.practices ?? [];
  const counts = wallets.data?.counts;

  const start = async (action: 'REGISTER' | 'RECHECK') => {
    setConfirming(null);
    setFailure(null);
    const companyIds = [...chosen.keys()];
    const key = crypto.randomUUID();
    setRunning({
      action,
      state: 'RUNNING',
      practices: companyIds.length,
      done: 0,
      failed: 0,
      startedBy: '',
      startedAt: new Date().toISOString(),
      finishedAt: null,
    });
    polling.current = setInterval(() => {
      void sdk.api
        .call(walletRunProgress, { query: { key }, noBanner: true, noProgress: true })
        .then((r) => r.value && setRunning(r.value))
        .catch(() => undefined);
    }, PROGRESS_MS);
    try {
      setRunning(
        await valueOf(
          sdk.api.call(startWalletRun, { body: { action, companyIds }, idempotencyKey: key, noBanner: true }),
        ),
      );
      clear();
    } catch (error) {
      setRunning(null);
      setFailure(placeErrors(error, () => undefined).other);
    } finally {
      clearInterval(polling.current ?? undefined);
      await Promise.all([wallets.mutate(), runs.mutate()]);
    }
  };

  const busy = running?.state === 'RUNNING';
  return (
    <>
      <PageHeader
        eyebrow="Admin · Payments"
        title="Bulk Apple Pay Status"
        description="Apple Pay shows its button only on a domain registered with the practice’s processor account: the patient pages’ own domain and every site the practice embeds our widgets on. Register them, or check them again, for many practices at once."
      />
      <div className={styles.stack}>
        <Panel title="Practices">
          <div className={styles.row}>
            <ListSearchBox
              label="Find practices"
              placeholder="Search by practice name or id"
              search={search}
              onSearch={(s) => {
                setSearch(s);
                setPage(1);
              }}
            />
          </div>
          <TabList
            selectedValue={status}
            onTabSelect={(_e, d) => {
              setStatus(d.value as WalletStatus | 'ALL');
              setPage(1);
            }}
            aria-label="Wallet status"
          >
            {TABS.map((t) => (
              <Tab key={t.value} value={t.value}>
                {t.value === 'ALL' || !counts ? t.label : `${t.label} (${counts[t.value]})`}
              </Tab>
            ))}
          </TabList>
          <ListFrame<PracticeWallet>
            variant="section"
            label="Practices’ wallet domains"
            rows={onPage}
            failed={!!wallets.error && !wallets.data}
            loading={!wallets.data && !wallets.error}
            stale={wallets.isLoading}
            failedText="The wallet domains could not be loaded."
            loadingText="Loading the wallet domains…"
            onRetry={() => void wallets.mutate()}
            emptyText="No practice matches."
            header={
              <>
                <TableHeaderCell className={columns.fit}>{pageBox(onPage)}</TableHeaderCell>
                <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
                <TableHeaderCell className={columns.nowrap}>Status</TableHeaderCell>
                <TableHeaderCell className={columns.elastic}>Domains</TableHeaderCell>
                <TableHeaderCell className={columns.nowrap}>Last checked</TableHeaderCell>
              </>
            }
            renderRow={(p) => {
              const checked = p.domains
                .map((d) => d.checkedAt)
                .filter((c): c is string => c !== null)
                .sort()
                .at(-1);
              return (
                <TableRow key={p.companyId}>
                  <TableCell className={columns.fit}>{rowBox(p, `Choose ${p.companyName}`)}</TableCell>
                  <TableCell className={columns.elastic}>
                    <Truncated text={p.companyName} width="fill">
                      {p.companyName}
                    </Truncated>
                  </TableCell>
                  <TableCell className={columns.nowrap}>
                    <StatusPill pill={PILLS[p.status]} />
                  </TableCell>
                  <TableCell className={columns.elastic}>
                    <ul className={styles.domains}>
                      {p.domains.map((d) => (
                        <li key={d.domain}>
                          <span className={styles.domain}>
                            <span>{d.domain}</span>
                            {p.domains.length > 1 || d.status !== p.status ? (
                              <StatusPill pill={PILLS[d.status]} />
                            ) : null}
                          </span>
                          {d.reason ? <span className={styles.reason}>{d.reason}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className={columns.nowrap}>
                    {checked ? formatDateTime(checked) : 'Never'}
                  </TableCell>
                </TableRow>
              );
            }}
            pager={{ page, totalCount: wallets.data?.totalCount ?? 0, onPage: setPage }}
          />
          <div className={styles.row}>
            <Button
              appearance="primary"
              disabled={busy || chosen.size === 0}
              onClick={() => setConfirming('REGISTER')}
            >
              Register
            </Button>
            <Button disabled={busy || chosen.size === 0} onClick={() => setConfirming('RECHECK')}>
              Re-check
            </Button>
            <Text className={styles.muted}>{summary(WALLET_RUN_MAX_PRACTICES)}</Text>
          </div>
          <FormError message={failure} title="The run did not start" />
          {running ? <RunProgress run={running} /> : null}
        </Panel>
        <Panel title="Runs">
          <ListFrame<WalletRun>
            variant="section"
            label="Runs"
            rows={runs.data?.runs ?? []}
            failed={!!runs.error && !runs.data}
            loading={!runs.data && !runs.error}
            failedText="The runs could not be loaded."
            loadingText="Loading the runs…"
            onRetry={() => void runs.mutate()}
            emptyText="No practice’s domains were registered from here yet."
            header={
              <>
                <TableHeaderCell className={columns.nowrap}>Run</TableHeaderCell>
                <TableHeaderCell className={columns.elastic}>Started</TableHeaderCell>
                <TableHeaderCell>Progress</TableHeaderCell>
              </>
            }
            renderRow={(r) => (
              <TableRow key={r.startedAt + r.startedBy}>
                <TableCell className={columns.nowrap}>
                  {r.action === 'REGISTER' ? 'Register' : 'Re-check'}
                </TableCell>
                <TableCell className={columns.elastic}>
                  {formatDateTime(r.startedAt)} <span className={styles.muted}>by {r.startedBy}</span>
                </TableCell>
                <TableCell>
                  <RunProgress run={r} />
                </TableCell>
              </TableRow>
            )}
            pager={{ page: 1, totalCount: runs.data?.runs.length ?? 0, onPage: () => undefined }}
          />
        </Panel>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={`${confirming === 'RECHECK' ? 'Check again' : 'Register'} ${chosen.size === 1 ? 'one practice' : `${chosen.size} practices`}?`}
        message={
          confirming === 'RECHECK'
            ? 'Each practice’s domains are verified again at its processor account, one practice at a time.'
            : 'Each practice’s domains are registered with its processor account for Apple Pay and verified, one practice at a time.'
        }
        confirmLabel={confirming === 'RECHECK' ? 'Check again' : 'Register'}
        onConfirm={() => void start(confirming!)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
