/**
 * Open Dental Service Check (`#/admin/odServiceCheck`): every practice's connector, silent and failing
 * ones first, with its last heartbeat, version, latency and waiting or failed postings, refreshed every
 * ten seconds; Ping asks one to answer now, and a practice's name opens its connector log.
 */
import { useState } from 'react';
import { Button, Link, TableCell, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { adminConnectors, pingConnector, type ConnectorRow } from '../../../embed-sdk/contract/connectors.js';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { AdminListPage, IdLine } from '../AdminListPage.js';
import { heartbeatText, STATE_PILLS, versionText } from './connectorState.js';
import { StatusPill } from '../StatusPill.js';

export default function ServiceCheckPage() {
  const columns = useListColumns();
  const sdk = useSdk();
  const notify = useNotify();
  const [pinging, setPinging] = useState<number | null>(null);
  const [version, setVersion] = useState(0);

  const ping = async (c: ConnectorRow) => {
    setPinging(c.companyId);
    try {
      const answer = await valueOf(sdk.api.call(pingConnector, { body: { companyId: c.companyId } }));
      notify(
        answer.answered
          ? {
              intent: 'success',
              title: `${c.companyName} answered`,
              message: `In ${answer.latencyMs} ms, running version ${answer.version}.`,
            }
          : {
              intent: 'warning',
              title: `${c.companyName} did not answer`,
              message: 'Its connector sends no heartbeat: the practice’s server may be off or offline.',
            },
      );
      setVersion((v) => v + 1);
    } catch (failure) {
      notify({
        intent: 'danger',
        title: 'The ping could not be sent',
        message: String((failure as Error).message),
      });
    } finally {
      setPinging(null);
    }
  };

  return (
    <AdminListPage<ConnectorRow, { connectors: ConnectorRow[]; totalCount: number }>
      title="Open Dental Service Check"
      description="Each practice's connector: its last heartbeat, version and latency, and the postings it has not done. Silent and failing connectors come first."
      action={{ label: 'Bulk Upgrade', href: '#/admin/bulkupgrade' }}
      find={{ label: 'Find a connector', box: 'Practice', placeholder: 'Search by practice name or id' }}
      cacheKey={`admin/connectors/${version}`}
      load={(query) => valueOf(sdk.api.call(adminConnectors, { query }))}
      rowsOf={(answer) => answer.connectors}
      refreshMs={10_000}
      table={{
        label: 'Connectors',
        noun: 'connector',
        failedText: 'The connectors could not be loaded.',
        loadingText: 'Loading connectors…',
        emptyText: (search) => (search ? `No practice matches “${search}”.` : 'There are no practices yet.'),
        header: (
          <>
            <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>State</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Last heartbeat</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Version</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Latency</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Waiting</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Failed</TableHeaderCell>
            <TableHeaderCell className={columns.fit}>Action</TableHeaderCell>
          </>
        ),
        renderRow: (c) => (
          <TableRow key={c.companyId} data-state={c.state}>
            <TableCell className={columns.elastic}>
              <Truncated text={c.companyName} width="fill">
                <Link href={`#/admin/odlog/${c.companyId}`}>{c.companyName}</Link>
              </Truncated>
              <IdLine id={c.companyId} />
            </TableCell>
            <TableCell className={columns.nowrap}>
              <StatusPill pill={STATE_PILLS[c.state]} />
            </TableCell>
            <TableCell className={columns.nowrap}>
              <span title={c.lastHeartbeatAt ? formatDateTime(c.lastHeartbeatAt) : undefined}>
                {heartbeatText(c)}
              </span>
            </TableCell>
            <TableCell className={columns.nowrap}>
              <Truncated text={`${versionText(c)} · ${gatewayLabel(c.gatewayCode)}`} width="short">
                {versionText(c)}
              </Truncated>
            </TableCell>
            <TableCell className={columns.money}>
              {c.latencyMs === null ? '—' : `${c.latencyMs} ms`}
            </TableCell>
            <TableCell className={columns.money}>{c.pending}</TableCell>
            <TableCell className={columns.money}>{c.failed}</TableCell>
            <TableCell className={columns.fit}>
              <Button
                size="small"
                disabled={pinging === c.companyId}
                aria-label={`Ping ${c.companyName}`}
                onClick={() => void ping(c)}
              >
                {pinging === c.companyId ? 'Pinging…' : 'Ping'}
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    />
  );
}
