/**
 * The patient page's Memberships: the memberships the patient holds or is enrolled in (a family
 * member's, paid by another, too), each with its status, plans, cycle, amount, next payment, renewal
 * and balance; a row opens the 'Membership for {name}' modal; New Membership (EDITMEMBERSHIPS, the
 * membership billing's dialog with the stored cards' selector for its card on file) enrols the
 * patient and their family and opens the new membership.
 */
import { Button, Link, TableCell, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { MEMBERSHIP_EDIT_ROLES, MEMBERSHIP_VIEW_ROLES } from '../../../embed-sdk/contract/membership.js';
import type { Customer } from '../../../embed-sdk/contract/patient.js';
import { formatDate } from '../../../embed-sdk/format/index.js';
import {
  LazyNewMembershipDialog,
  preloadNewMembershipDialog,
  type NewMembershipDialogProps,
} from '../../../widgets/membership-billing/index.js';
import { ListFrame, PAGE_SIZE } from '../../../widgets/ui/ListFrame.js';
import { Truncated, useListColumns } from '../../../widgets/ui/listColumns.js';
import { hasAnyRole } from '../../session/session.js';
import { useSession } from '../../session/SessionContext.js';
import { Panel } from '../Panel.js';
import { StoredCardSelector, storedCards } from '../storedCardSelector.js';
import { MembershipHeaderCells, MembershipRowCells } from './MembershipCells.js';
import { MembershipModal } from './MembershipModal.js';
import { useCustomerMemberships, useLiveMemberships, useRefreshMemberships } from './useMemberships.js';

/** New Membership, its card on file chosen with the stored cards' selector; loading as the page shows. */
function NewMembershipDialog(props: Omit<NewMembershipDialogProps, 'CardSelector'>) {
  useEffect(() => {
    preloadNewMembershipDialog();
    storedCards.prefetch();
  }, []);
  return <LazyNewMembershipDialog {...props} CardSelector={StoredCardSelector} />;
}

export function CustomerMemberships({ customer }: { customer: Customer }) {
  const columns = useListColumns();
  const { session } = useSession();
  const canView = session.isAdmin || hasAnyRole(session, MEMBERSHIP_VIEW_ROLES);
  const canEdit = session.isAdmin || hasAnyRole(session, MEMBERSHIP_EDIT_ROLES);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const { data, error } = useCustomerMemberships(customer.id, canView);
  const refresh = useRefreshMemberships();
  useLiveMemberships();
  if (!canView) return null;
  const rows = data?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Panel
      title="Memberships"
      actions={
        canEdit && (
          <Button icon={<AddRegular />} onClick={() => setCreating(true)}>
            New Membership
          </Button>
        )
      }
    >
      <ListFrame
        variant="section"
        label={`Memberships of ${customer.firstName} ${customer.lastName}`}
        rows={rows}
        failed={!!error}
        loading={!data}
        failedText="The memberships could not be loaded."
        loadingText="Loading memberships…"
        emptyText={`${customer.firstName} has no memberships.`}
        header={
          <>
            <TableHeaderCell>Started</TableHeaderCell>
            <MembershipHeaderCells />
          </>
        }
        renderRow={(row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Link as="button" onClick={() => setOpenId(row.id)} className={columns.nowrap}>
                {formatDate(row.startDate)}
              </Link>
              {row.customerId !== customer.id ? (
                <Truncated text={`${row.firstName} ${row.lastName}`} width="short" muted />
              ) : null}
            </TableCell>
            <MembershipRowCells row={row} />
          </TableRow>
        )}
        pager={{ page, totalCount: data?.length ?? 0, onPage: setPage }}
      />
      <MembershipModal membershipId={openId} onClose={() => setOpenId(null)} onChanged={refresh} />
      {canEdit ? (
        <NewMembershipDialog
          open={creating}
          customer={customer}
          onClose={() => setCreating(false)}
          onCreated={(membership) => {
            refresh();
            setOpenId(membership.id);
          }}
        />
      ) : null}
    </Panel>
  );
}
