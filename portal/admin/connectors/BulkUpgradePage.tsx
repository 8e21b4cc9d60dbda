/**
 * Bulk Upgrade (`#/admin/bulkupgrade`): a connector version rolled out to chosen practices at once;
 * each connector reports the version at its next heartbeat, and every roll-out shows how many of its
 * practices run it now (and how many are silent, so cannot take it yet), refreshed every five seconds.
 */
import { useState } from 'react';
import useSWR from 'swr';
import {
  Button,
  Field,
  Input,
  makeStyles,
  ProgressBar,
  TableCell,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  adminConnectors,
  connectorRollouts,
  ROLLOUT_MAX_PRACTICES,
  upgradeConnectors,
  type ConnectorRow,
  type Rollout,
} from '../../../embed-sdk/contract/connectors.js';
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
import { StatusPill } from '../StatusPill.js';
import { useAdminAction } from '../useAdminAction.js';
import { useChosenPractices } from '../useChosenPractices.js';
import { STATE_PILLS, versionText } from './connectorState.js';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalL },
  version: { width: '180px' },
  versionInput: { width: '100%', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  progress: { minWidth: '220px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const VERSION = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

function RolloutProgress({ r }: { r: Rollout }) {
  const styles = useStyles();
  const done = r.upgraded === r.practices;
  return (
    <div className={styles.progress}>
      <ProgressBar
        value={r.practices === 0 ? 0 : r.upgraded / r.practices}
        color={done ? 'success' : 'brand'}
        thickness="large"
        aria-label={`${r.version}: ${r.upgraded} of ${r.practices} upgraded`}
      />
      <span>
        {r.upgraded} of {r.practices} upgraded
        {r.silent > 0 ? (
          <span className={styles.muted}> · {r.silent} silent, waiting for a heartbeat</span>
        ) : null}
      </span>
    </div>
  );
}

export default function BulkUpgradePage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rolloutPage, setRolloutPage] = useState(1);
  const [version, setVersion] = useState('');
  const [versionError, setVersionError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { chosen, clear, pageBox, rowBox, summary } = useChosenPractices();
  const [confirming, setConfirming] = useState(false);

  const connectors = useSWR(['admin/connectors/bulk', search, page], () =>
    valueOf(sdk.api.call(adminConnectors, { query: { page, ...(search ? { search } : {}) } })),
  );
  const rollouts = useSWR(
    ['admin/rollouts', rolloutPage],
    () => valueOf(sdk.api.call(connectorRollouts, { query: { page: rolloutPage } })),
    { keepPreviousData: true, refreshInterval: 5_000, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const { busy, act } = useAdminAction(() => rollouts.mutate());
  const onPage = connectors.data?.connectors ?? [];

  const start = () => {
    setFailure(null);
    if (!VERSION.test(version.trim())) {
      setVersionError('Version must be a version such as 4.13.0');
      return;
    }
    if (chosen.size === 0) {
      setFailure('Choose at least one practice.');
      return;
    }
    setConfirming(true);
  };

  const upgrade = () =>
    void act(
      'upgrade',
      async () => {
        try {
          await valueOf(
            sdk.api.call(upgradeConnectors, {
              noBanner: true,
              body: { version: version.trim(), companyIds: [...chosen.keys()] },
            }),
          );
          clear();
          setVersion('');
          await connectors.mutate();
        } catch (error) {
          const placed = placeErrors(error, (path) =>
            path === 'version' ? { field: 'version', label: 'Version' } : undefined,
          );
          setVersionError(placed.fields.version);
          setFailure(placed.other);
          throw error;
        } finally {
          setConfirming(false);
        }
      },
      'Roll-out started',
      `${chosen.size === 1 ? 'One connector takes' : `${chosen.size} connectors take`} ${version.trim()} at the next heartbeat.`,
    );

  return (
    <>
      <PageHeader
        eyebrow="Admin · Connectors"
        title="Bulk Upgrade"
        description="Roll a connector version out to many practices at once. Each connector takes it at its next heartbeat; a silent one waits until it is heard from again."
      />
      <div className={styles.stack}>
        <Panel title="New roll-out">
          <div className={styles.form}>
            <div className={styles.row}>
              <Field
                label="Version"
                required
                className={styles.version}
                validationState={versionError ? 'error' : 'none'}
                validationMessage={versionError}
              >
                <Input
                  className={styles.versionInput}
                  value={version}
                  placeholder="4.13.0"
                  onChange={(_e, d) => {
                    setVersion(d.value);
                    setVersionError(undefined);
                  }}
                />
              </Field>
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
            <ListFrame<ConnectorRow>
              variant="section"
              label="Practices to upgrade"
              rows={onPage}
              failed={!!connectors.error && !connectors.data}
              loading={!connectors.data && !connectors.error}
              stale={connectors.isLoading}
              failedText="The connectors could not be loaded."
              loadingText="Loading connectors…"
              onRetry={() => void connectors.mutate()}
              emptyText="No practice's connector matches."
              header={
                <>
                  <TableHeaderCell className={columns.fit}>{pageBox(onPage)}</TableHeaderCell>
                  <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
                  <TableHeaderCell className={columns.nowrap}>Version</TableHeaderCell>
                  <TableHeaderCell className={columns.nowrap}>State</TableHeaderCell>
                </>
              }
              renderRow={(c) => (
                <TableRow key={c.companyId}>
                  <TableCell className={columns.fit}>
                    {rowBox(c, `Upgrade ${c.companyName}`, c.state === 'NEVER')}
                  </TableCell>
                  <TableCell className={columns.elastic}>
                    <Truncated text={c.companyName} width="fill">
                      {c.companyName}
                    </Truncated>
                  </TableCell>
                  <TableCell className={columns.nowrap}>{versionText(c)}</TableCell>
                  <TableCell className={columns.nowrap}>
                    <StatusPill pill={STATE_PILLS[c.state]} />
                  </TableCell>
                </TableRow>
              )}
              pager={{ page, totalCount: connectors.data?.totalCount ?? 0, onPage: setPage }}
            />
            <div className={styles.row}>
              <Button appearance="primary" disabled={busy !== null} onClick={start}>
                {chosen.size === 0
                  ? 'Upgrade'
                  : chosen.size === 1
                    ? 'Upgrade 1 practice'
                    : `Upgrade ${chosen.size} practices`}
              </Button>
              <span className={styles.muted}>{summary(ROLLOUT_MAX_PRACTICES)}</span>
            </div>
            <FormError message={failure} />
          </div>
        </Panel>
        <Panel title="Roll-outs">
          <ListFrame<Rollout>
            variant="section"
            label="Roll-outs"
            rows={rollouts.data?.rollouts ?? []}
            failed={!!rollouts.error && !rollouts.data}
            loading={!rollouts.data && !rollouts.error}
            stale={rollouts.isLoading}
            failedText="The roll-outs could not be loaded."
            loadingText="Loading roll-outs…"
            onRetry={() => void rollouts.mutate()}
            emptyText="No version was rolled out yet."
            header={
              <>
                <TableHeaderCell className={columns.nowrap}>Version</TableHeaderCell>
                <TableHeaderCell className={columns.elastic}>Started</TableHeaderCell>
                <TableHeaderCell>Progress</TableHeaderCell>
              </>
            }
            renderRow={(r) => (
              <TableRow key={r.id} data-rollout={r.id}>
                <TableCell className={columns.nowrap}>
                  <strong>{r.version}</strong>
                </TableCell>
                <TableCell className={columns.elastic}>
                  {formatDateTime(r.createdAt)} <span className={styles.muted}>by {r.createdBy}</span>
                </TableCell>
                <TableCell>
                  <RolloutProgress r={r} />
                </TableCell>
              </TableRow>
            )}
            pager={{
              page: rolloutPage,
              totalCount: rollouts.data?.totalCount ?? 0,
              noun: 'roll-out',
              onPage: setRolloutPage,
            }}
          />
        </Panel>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Upgrade ${chosen.size === 1 ? 'one connector' : `${chosen.size} connectors`} to ${version.trim()}?`}
        message="Each connector takes the version at its next heartbeat, within a minute for those that are running."
        confirmLabel="Start the roll-out"
        busy={busy === 'upgrade'}
        onConfirm={upgrade}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
