/**
 * Gateways (`#/admin/gateways`): every practice's processor account (business, app and store ids,
 * terminals, surcharge, whether an API key is on file), found by the practice's name or id or the
 * business id, ten to a page; a practice's name opens its gateway.
 */
import useSWR from 'swr';
import {
  Badge,
  Link,
  makeStyles,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  mergeClasses,
} from '@fluentui/react-components';
import { adminGateways, type GatewayRow } from '../../../embed-sdk/contract/admin.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { FilterBar, ListSearchBox } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { useAdminListFilter } from '../adminListFilter.js';
import { surchargeText } from './surcharge.js';

const useStyles = makeStyles({
  search: { minWidth: '240px', flex: '0 1 480px' },
  id: { display: 'block', color: tokens.colorNeutralForeground3 },
});

export default function GatewaysPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { search, page, query, update } = useAdminListFilter();
  const { data, error, isLoading, mutate } = useSWR(
    ['admin/gateways', search, page],
    () => valueOf(sdk.api.call(adminGateways, { query })),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Gateways"
        description="Each practice's account at the card processor: the ids its payments go through, its terminals, its surcharge and its API key."
      />
      <FilterBar label="Find a gateway">
        <ListSearchBox
          label="Practice or business"
          placeholder="Search by practice name or id, or business id"
          search={search}
          onSearch={(s) => update({ search: s })}
          className={styles.search}
        />
      </FilterBar>
      <ListFrame<GatewayRow>
        variant="page"
        label="Gateways"
        rows={data?.gateways}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText="The gateways could not be loaded."
        loadingText="Loading gateways…"
        onRetry={() => void mutate()}
        emptyText={search ? `No gateway matches “${search}”.` : 'There are no practices yet.'}
        header={
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
        }
        renderRow={(g) => (
          <TableRow key={g.companyId}>
            <TableCell className={columns.elastic}>
              <Truncated text={g.companyName} width="fill">
                <Link href={`#/admin/gateway?companyId=${g.companyId}`}>{g.companyName}</Link>
              </Truncated>
              <Text size={200} className={styles.id}>{`ID ${g.companyId}`}</Text>
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
        )}
        pager={{
          page,
          totalCount: data?.totalCount ?? 0,
          noun: 'gateway',
          onPage: (p) => update({ page: p }),
        }}
      />
    </>
  );
}
