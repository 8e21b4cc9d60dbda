/**
 * Admin Users (`#/admin/adminusers`): everyone who can sign in, found by name, e-mail or id, with
 * their practices, whether they administer the platform and whether their account works, ten to a
 * page; a name opens the person's page, and 'Invite a person' gives someone new access.
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
  mergeClasses,
} from '@fluentui/react-components';
import { adminUsers, type AdminUserRow } from '../../../embed-sdk/contract/admin.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { FilterBar, ListSearchBox } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { valueOf } from '../../data/valueOf.js';
import { PageHeader } from '../../pages/PageHeader.js';
import { useAdminListFilter } from '../adminListFilter.js';

const useStyles = makeStyles({
  search: { minWidth: '240px', flex: '0 1 480px' },
  id: { display: 'block', color: tokens.colorNeutralForeground3 },
});

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
  const styles = useStyles();
  const columns = useListColumns();
  const sdk = useSdk();
  const { search, page, query, update } = useAdminListFilter();
  const { data, error, isLoading, mutate } = useSWR(
    ['admin/users', search, page],
    () => valueOf(sdk.api.call(adminUsers, { query })),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Admin Users"
        description="Everyone who can sign in: the practices they work in, whether they administer the platform, and whether their account works."
        actions={
          <Button appearance="primary" as="a" href="#/admin/adminuser">
            Invite a person
          </Button>
        }
      />
      <FilterBar label="Find a person">
        <ListSearchBox
          label="Person"
          placeholder="Search by name, e-mail or id"
          search={search}
          onSearch={(s) => update({ search: s })}
          className={styles.search}
        />
      </FilterBar>
      <ListFrame<AdminUserRow>
        variant="page"
        label="People"
        rows={data?.users}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText="The people could not be loaded."
        loadingText="Loading people…"
        onRetry={() => void mutate()}
        emptyText={search ? `Nobody matches “${search}”.` : 'Nobody can sign in yet.'}
        header={
          <>
            <TableHeaderCell className={columns.elastic}>Name</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>E-mail</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(columns.elastic, columns.elasticWide)}>
              Practices
            </TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Access</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>Account</TableHeaderCell>
          </>
        }
        renderRow={(u) => {
          const pill = accountPill(u);
          const name = `${u.firstName} ${u.lastName}`;
          return (
            <TableRow key={u.id}>
              <TableCell className={columns.elastic}>
                <Truncated text={name} width="fill">
                  <Link href={`#/admin/adminuser/${u.id}`}>{name}</Link>
                </Truncated>
                <Text size={200} className={styles.id}>{`ID ${u.id}`}</Text>
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
                <Badge appearance="tint" color={pill.color}>
                  {pill.text}
                </Badge>
              </TableCell>
            </TableRow>
          );
        }}
        pager={{
          page,
          totalCount: data?.totalCount ?? 0,
          noun: 'account',
          onPage: (p) => update({ page: p }),
        }}
      />
    </>
  );
}
