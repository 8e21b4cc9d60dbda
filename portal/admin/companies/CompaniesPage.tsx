/**
 * Dentists (`#/admin/companies`): every practice on the platform, found by name, id or practice
 * system, with its clinics, people, last 30 days of payments and whether it is in use, ten to a page;
 * a practice's name opens its page.
 */
import { Link, TableCell, TableHeaderCell, TableRow } from '@fluentui/react-components';
import {
  adminCompanies,
  type AdminCompanyRow,
  type PracticeStatus,
} from '../../../embed-sdk/contract/admin.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { AdminListPage, IdLine } from '../AdminListPage.js';
import { gatewayLabel } from '../../shell/gatewayLabel.js';
import { StatusPill } from '../StatusPill.js';

export const STATUS_PILLS: Record<
  PracticeStatus,
  { text: string; color: 'success' | 'informative' | 'warning' }
> = {
  ACTIVE: { text: 'Taking payments', color: 'success' },
  QUIET: { text: 'No payments in 30 days', color: 'informative' },
  NO_USERS: { text: 'No users yet', color: 'warning' },
};

export default function CompaniesPage() {
  const columns = useListColumns();
  const sdk = useSdk();
  return (
    <AdminListPage<AdminCompanyRow, { companies: AdminCompanyRow[]; totalCount: number }>
      title="Dentists"
      description="Every practice on the platform: its practice system, clinics, people and the payments it took in the last 30 days."
      action={{ label: 'New Dentist', href: '#/admin/newCompany' }}
      find={{
        label: 'Find a practice',
        box: 'Practice',
        placeholder: 'Search by name, id or practice system',
      }}
      cacheKey="admin/companies"
      load={(query) => valueOf(sdk.api.call(adminCompanies, { query }))}
      rowsOf={(answer) => answer.companies}
      table={{
        label: 'Practices',
        noun: 'practice',
        failedText: 'The practices could not be loaded.',
        loadingText: 'Loading practices…',
        emptyText: (search) => (search ? `No practice matches “${search}”.` : 'There are no practices yet.'),
        header: (
          <>
            <TableHeaderCell className={columns.elastic}>Practice</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Practice system</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Clinics</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Users</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Status</TableHeaderCell>
            <TableHeaderCell className={columns.money}>Last 30 days</TableHeaderCell>
          </>
        ),
        renderRow: (c) => (
          <TableRow key={c.id}>
            <TableCell className={columns.elastic}>
              <Truncated text={c.name} width="fill">
                <Link href={`#/admin/company/${c.id}`}>{c.name}</Link>
              </Truncated>
              <IdLine id={c.id} />
            </TableCell>
            <TableCell className={columns.nowrap}>{gatewayLabel(c.gatewayCode)}</TableCell>
            <TableCell className={columns.money}>{c.clinics}</TableCell>
            <TableCell className={columns.money}>{c.users}</TableCell>
            <TableCell className={columns.nowrap}>
              <StatusPill pill={STATUS_PILLS[c.status]} />
            </TableCell>
            <TableCell className={columns.money}>{formatCurrency(c.volume30Days)}</TableCell>
          </TableRow>
        ),
      }}
    />
  );
}
