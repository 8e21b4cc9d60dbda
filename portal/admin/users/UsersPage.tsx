/**
 * Admin Users (`#/admin/adminusers`): everyone who can sign in, found by name, e-mail or id, with
 * their practices, whether they administer the platform and whether their account works, ten to a
 * page; a name opens the person's page, and 'Invite a person' gives someone new access.
 */
import { Link, TableCell, TableHeaderCell, TableRow, mergeClasses } from '@fluentui/react-components';
import { adminUsers, type AdminUserRow } from '../../../embed-sdk/contract/admin.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { AdminListPage, IdLine } from '../AdminListPage.js';
import { StatusPill } from '../StatusPill.js';

type AccountState = Pick<AdminUserRow, 'disabledAt' | 'active'>;

/** Whether a person's account works: disabled, invited (no password yet), or active. */
export function accountPill(user: AccountState): {
  text: string;
  color: 'success' | 'warning' | 'danger';
} {
  if (user.disabledAt) return { text: 'Disabled', color: 'danger' };
  return user.active ? { text: 'Active', color: 'success' } : { text: 'Invited', color: 'warning' };
}

function practicesText(user: AdminUserRow): string {
  if (user.practices === 0) return 'None';
  const more = user.practices - user.practiceNames.length;
  return more > 0 ? `${user.practiceNames.join(', ')} and ${more} more` : user.practiceNames.join(', ');
}

export default function UsersPage() {
  const columns = useListColumns();
  const sdk = useSdk();
  return (
    <AdminListPage<AdminUserRow, { users: AdminUserRow[]; totalCount: number }>
      title="Admin Users"
      description="Everyone who can sign in: the practices they work in, whether they administer the platform, and whether their account works."
      action={{ label: 'Invite a person', href: '#/admin/adminuser' }}
      find={{ label: 'Find a person', box: 'Person', placeholder: 'Search by name, e-mail or id' }}
      cacheKey="admin/users"
      load={(query) => valueOf(sdk.api.call(adminUsers, { query }))}
      rowsOf={(answer) => answer.users}
      table={{
        label: 'People',
        noun: 'account',
        failedText: 'The people could not be loaded.',
        loadingText: 'Loading people…',
        emptyText: (search) => (search ? `Nobody matches “${search}”.` : 'Nobody can sign in yet.'),
        header: (
          <>
            <TableHeaderCell className={columns.elastic}>Name</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>E-mail</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(columns.elastic, columns.elasticWide)}>
              Practices
            </TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Access</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Account</TableHeaderCell>
          </>
        ),
        renderRow: (u) => {
          const pill = accountPill(u);
          const name = `${u.firstName} ${u.lastName}`;
          return (
            <TableRow key={u.id}>
              <TableCell className={columns.elastic}>
                <Truncated text={name} width="fill">
                  <Link href={`#/admin/adminuser/${u.id}`}>{name}</Link>
                </Truncated>
                <IdLine id={u.id} />
              </TableCell>
              <TableCell className={columns.elastic}>
                <Truncated text={u.email} width="fill" />
              </TableCell>
              <TableCell className={mergeClasses(columns.elastic, columns.elasticWide)}>
                <Truncated text={practicesText(u)} width="fill" />
              </TableCell>
              <TableCell className={columns.nowrap}>
                {u.isAdmin ? 'Administrator' : 'Practice staff'}
              </TableCell>
              <TableCell className={columns.nowrap}>
                <StatusPill pill={pill} />
              </TableCell>
            </TableRow>
          );
        },
      }}
    />
  );
}
