/**
 * Gateways (`#/admin/gateways`): every practice's processor account (business, app and store ids,
 * terminals, surcharge, whether an API key is on file), found by the practice's name or id or the
 * business id, ten to a page; a practice's name opens its gateway.
 */
import { Badge, Link, TableCell, TableHeaderCell, TableRow, mergeClasses } from '@fluentui/react-components';
import { adminGateways, type GatewayRow } from '../../../embed-sdk/contract/admin.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { AdminListPage, IdLine } from '../AdminListPage.js';
import { surchargeText } from '../../components/surcharge.js';

export default function GatewaysPage() {
  const columns = useListColumns();
  const sdk = useSdk();
  return (
    <AdminListPage<GatewayRow, { gateways: GatewayRow[]; totalCount: number }>
      title="Gateways"
      description="Each practice's account at the card processor: the ids its payments go through, its terminals, its surcharge and its API key."
      find={{
        label: 'Find a gateway',
        box: 'Practice or business',
        placeholder: 'Search by practice name or id, or business id',
      }}
      cacheKey="admin/gateways"
      load={(query) => valueOf(sdk.api.call(adminGateways, { query }))}
      rowsOf={(answer) => answer.gateways}
      table={{
        label: 'Gateways',
        noun: 'gateway',
        failedText: 'The gateways could not be loaded.',
        loadingText: 'Loading gateways…',
        emptyText: (search) => (search ? `No gateway matches “${search}”.` : 'There are no practices yet.'),
        header: (
          <>
            <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>Business ID</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(columns.elastic, columns.secondary)}>
              Store ID
            </TableHeaderCell>
            <TableHeaderCell className={columns.money}>Terminals</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Surcharge</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>API key</TableHeaderCell>
          </>
        ),
        renderRow: (g) => (
          <TableRow key={g.companyId}>
            <TableCell className={columns.elastic}>
              <Truncated text={g.companyName} width="fill">
                <Link href={`#/admin/gateway?companyId=${g.companyId}`}>{g.companyName}</Link>
              </Truncated>
              <IdLine id={g.companyId} />
            </TableCell>
            <TableCell className={columns.elastic}>
              <Truncated text={g.businessId} width="fill" />
            </TableCell>
            <TableCell className={mergeClasses(columns.elastic, columns.secondary)}>
              <Truncated text={g.storeId} width="fill" />
            </TableCell>
            <TableCell className={columns.money}>{g.terminals}</TableCell>
            <TableCell className={columns.money}>{surchargeText(g)}</TableCell>
            <TableCell className={columns.nowrap}>
              <Badge appearance="tint" color={g.hasApiKey ? 'success' : 'warning'}>
                {g.hasApiKey ? 'On file' : 'Missing'}
              </Badge>
            </TableCell>
          </TableRow>
        ),
      }}
    />
  );
}
