/**
 * The Memberships page (route `customermembershipbillings`, VIEWMEMBERSHIPS; the sidebar's
 * Memberships): the summary tiles, then the practice's memberships, newest first, searched by patient
 * and filtered by status (Active, Awaiting, Past due, Expiring within the practice's membershipDays,
 * Expired, Canceled), ten to a page. A row opens the 'Membership for {name}' modal. The filter and the
 * open membership live in the address, so the bell's membership rows open their membership here.
 */
import { ListFilters } from '../../../widgets/ui/ListFilters.js';
import { ListFrame } from '../../../widgets/ui/ListFrame.js';
import { useSession } from '../../session/SessionContext.js';
import { PatientRecordHeader, PatientRecordRow } from '../../components/PatientRecordRow.js';
import { useFilterInAddress } from '../../components/useFilterInAddress.js';
import { PageHeader } from '../PageHeader.js';
import { MembershipHeaderCells, MembershipRowCells } from './MembershipCells.js';
import { MembershipModal } from './MembershipModal.js';
import { MembershipSummaryTiles } from './MembershipSummaryTiles.js';
import { emptyText, listBody, membershipFilters, statusFilters } from './membershipsFilter.js';
import { useLiveMemberships, useMembershipList, useRefreshMemberships } from './useMemberships.js';

export default function MembershipsPage() {
  const { session } = useSession();
  const { filter, update, show, close } = useFilterInAddress(membershipFilters);
  const refresh = useRefreshMemberships();
  useLiveMemberships();
  const setOpenId = (membershipId: number) => show({ membershipId });

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
        header={
          <>
            <PatientRecordHeader />
            <MembershipHeaderCells />
          </>
        }
        renderRow={(row) => (
          <PatientRecordRow key={row.id} record={row} onOpen={setOpenId}>
            <MembershipRowCells row={row} />
          </PatientRecordRow>
        )}
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
