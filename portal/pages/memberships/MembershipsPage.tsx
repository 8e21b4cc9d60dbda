/**
 * The Memberships page (route `customermembershipbillings`, VIEWMEMBERSHIPS; the sidebar's
 * Memberships): the summary tiles, then the practice's memberships, newest first, searched by patient
 * and filtered by status (Active, Awaiting, Past due, Expiring within the practice's membershipDays,
 * Expired, Canceled), ten to a page. A row opens the 'Membership for {name}' modal. The filter and the
 * open membership live in the address, so the bell's membership rows open their membership here.
 */
import {
  Link,
  makeStyles,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MembershipListRow } from '../../../embed-sdk/contract/membership.js';
import { ListFilters } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { useSession } from '../../session/SessionContext.js';
import { PageHeader } from '../PageHeader.js';
import { MembershipHeaderCells, MembershipRowCells } from './MembershipCells.js';
import { MembershipModal } from './MembershipModal.js';
import { MembershipSummaryTiles } from './MembershipSummaryTiles.js';
import {
  emptyText,
  filterFromParams,
  listBody,
  paramsFromFilter,
  statusFilters,
  type MembershipFilter,
} from './membershipsFilter.js';
import { useLiveMemberships, useMembershipList, useRefreshMemberships } from './useMemberships.js';

const useStyles = makeStyles({
  table: { minWidth: '1060px' },
  row: { cursor: 'pointer' },
  patientId: { display: 'block', color: tokens.colorNeutralForeground3 },
});

function MembershipRow({ row, onOpen }: { row: MembershipListRow; onOpen: (id: number) => void }) {
  const styles = useStyles();
  return (
    <TableRow className={styles.row} onClick={() => onOpen(row.id)}>
      <TableCell>
        <Link
          as="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row.id);
          }}
        >
          {`${row.firstName} ${row.lastName}`}
        </Link>
        {row.patientKey !== null ? (
          <Text size={200} className={styles.patientId}>{`Patient ID: ${row.patientKey}`}</Text>
        ) : null}
      </TableCell>
      <MembershipRowCells row={row} />
    </TableRow>
  );
}

export default function MembershipsPage() {
  const styles = useStyles();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const refresh = useRefreshMemberships();
  useLiveMemberships();

  const update = (change: Partial<MembershipFilter>) =>
    setParams(paramsFromFilter({ ...filter, page: 1, ...change }), { replace: true });
  const setOpenId = (membershipId: number | null) =>
    setParams(paramsFromFilter({ ...filter, membershipId }), { replace: true });
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          current.delete('customerMembershipBillingId');
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  const { data, error, isLoading } = useMembershipList(listBody(filter));

  return (
    <>
      <PageHeader
        title="Memberships"
        description="Patients' in-house memberships: each one's plans, billing cycle, next payment, renewal and any past-due balance."
      />
      <MembershipSummaryTiles onPastDue={() => update({ status: 'pastdue' })} />
      <ListFilters
        label="Filter memberships"
        search={filter.search}
        onSearch={(search) => update({ search })}
        status={filter.status}
        statuses={statusFilters(session.config.membershipDays)}
        onStatus={(status) => update({ status })}
      />
      <ListFrame
        variant="page"
        label="Memberships"
        rows={data?.memberships}
        failed={!!error}
        loading={isLoading && !data}
        stale={isLoading}
        failedText="The memberships could not be loaded."
        loadingText="Loading memberships…"
        onRetry={refresh}
        emptyText={emptyText(filter)}
        tableClassName={styles.table}
        header={
          <>
            <TableHeaderCell>Patient</TableHeaderCell>
            <MembershipHeaderCells />
          </>
        }
        renderRow={(row) => <MembershipRow key={row.id} row={row} onOpen={setOpenId} />}
        pager={{
          page: filter.page,
          totalCount: data?.totalCount ?? 0,
          noun: 'membership',
          onPage: (page) => update({ page }),
        }}
      />
      <MembershipModal membershipId={filter.membershipId} onClose={close} onChanged={refresh} />
    </>
  );
}
