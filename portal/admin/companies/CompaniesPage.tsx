/**
 * Dentists (`#/admin/companies`): every practice on the platform, found by name, id or practice
 * system, with its clinics, people, last 30 days of payments and whether it is in use, ten to a page;
 * a practice's name opens its page.
 */
import useSWR from 'swr';
import {
  Badge,
  Button,
  Link,
  makeStyles,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  adminCompanies,
  type AdminCompanyRow,
  type PracticeStatus,
} from '../../../embed-sdk/contract/admin.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { FilterBar, ListSearchBox } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { useAdminListFilter } from '../adminListFilter.js';

const useStyles = makeStyles({
  search: { minWidth: '240px', flex: '0 1 480px' },
  id: { display: 'block', color: tokens.colorNeutralForeground3 },
});

export const STATUS_PILLS: Record<
  PracticeStatus,
  { text: string; color: 'success' | 'informative' | 'warning' }
> = {
  ACTIVE: { text: 'Taking payments', color: 'success' },
  QUIET: { text: 'No payments in 30 days', color: 'informative' },
  NO_USERS: { text: 'No users yet', color: 'warning' },
};

export default function CompaniesPage() {
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { search, page, query, update } = useAdminListFilter();
  const { data, error, isLoading, mutate } = useSWR(
    ['admin/companies', search, page],
    () => valueOf(sdk.api.call(adminCompanies, { query })),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Dentists"
        description="Every practice on the platform: its practice system, clinics, people and the payments it took in the last 30 days."
        actions={
          <Button appearance="primary" as="a" href="#/admin/newCompany">
            New Dentist
          </Button>
        }
      />
      <FilterBar label="Find a practice">
        <ListSearchBox
          label="Practice"
          placeholder="Search by name, id or practice system"
          search={search}
          onSearch={(s) => update({ search: s })}
          className={styles.search}
        />
      </FilterBar>
      <ListFrame<AdminCompanyRow>
        variant="page"
        label="Practices"
        rows={data?.companies}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText="The practices could not be loaded."
        loadingText="Loading practices…"
        onRetry={() => void mutate()}
        emptyText={search ? `No practice matches “${search}”.` : 'There are no practices yet.'}
        header={
          <>
            <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Practice system</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Clinics</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Users</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Status</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Last 30 days</TableHeaderCell>
          </>
        }
        renderRow={(c) => (
          <TableRow key={c.id}>
            <TableCell className={columns.elastic}>
              <Truncated text={c.name} width="fill">
                <Link href={`#/admin/company/${c.id}`}>{c.name}</Link>
              </Truncated>
              <Text size={200} className={styles.id}>{`ID ${c.id}`}</Text>
            </TableCell>
            <TableCell className={columns.nowrap}>{gatewayLabel(c.gatewayCode)}</TableCell>
            <TableCell className={columns.money}>{c.clinics}</TableCell>
            <TableCell className={columns.money}>{c.users}</TableCell>
            <TableCell className={columns.nowrap}>
              <Badge appearance="tint" color={STATUS_PILLS[c.status].color}>
                {STATUS_PILLS[c.status].text}
              </Badge>
            </TableCell>
            <TableCell className={columns.money}>{formatCurrency(c.volume30Days)}</TableCell>
          </TableRow>
        )}
        pager={{
          page,
          totalCount: data?.totalCount ?? 0,
          noun: 'practice',
          onPage: (p) => update({ page: p }),
        }}
      />
    </>
  );
}
