/**
 * <chairside-membership-billing>, and the same component placed directly by the portal (the
 * Memberships page, the patient page, the bell): a membership's 'Membership for {name}' modal. It
 * composes its data hooks and its render, in a Jotai store of its own (the open dialog, the tab, the
 * enrollees' edits). Without `onClose` it manages its own open state (open when placed, closed by
 * Close or Escape; another membership id opens it again).
 */
import { Provider as JotaiProvider } from 'jotai';
import { useCallback, useState } from 'react';
import type { MembershipChangedDetail, MembershipClosedDetail } from '../../embed-sdk/events.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { MembershipModal } from './MembershipModal.js';
import type { Membership } from './membershipView.js';
import { useLiveRefresh, useMembershipData, useMembershipRoles } from './useMembership.js';

export interface MembershipBillingProps {
  /** The membership's (customer membership billing's) id. */
  membershipId: number;
  /** When given, the caller controls whether the modal shows. */
  open?: boolean;
  /** When given, called on Close and Escape (the caller closes it). */
  onClose?: () => void;
  /** Called after each change made in the modal, with the membership as it is afterwards. */
  onChanged?: (membership: Membership) => void;
  /**
   * The transactions' Refund / Void form (their `LazyTransactionRefundVoid`), for the Payment
   * History's Refund and Void. Without it no payment offers either.
   */
  refundVoidForm?: RefundVoidForm;
}

function MembershipBody(props: {
  membershipId: number;
  onClose: () => void;
  onChanged: (membership: Membership) => void;
  refundVoidForm: RefundVoidForm | undefined;
}) {
  const { membershipId, onClose, onChanged, refundVoidForm } = props;
  const membership = useMembershipData(membershipId);
  const roles = useMembershipRoles();
  useLiveRefresh(membershipId);
  const { mutate } = membership;
  return (
    <MembershipModal
      // Another membership starts afresh (its dialogs closed, its edits gone, its first tab).
      key={membershipId}
      membership={membership.data}
      loadFailed={!!membership.error && !membership.data}
      roles={roles}
      onRetry={() => void mutate()}
      onClose={onClose}
      onChanged={onChanged}
      refundVoidForm={refundVoidForm}
    />
  );
}

const ignore = () => undefined;

export function MembershipBilling(props: MembershipBillingProps) {
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const open = props.open ?? closedFor !== props.membershipId;
  const onClose = props.onClose ?? (() => setClosedFor(props.membershipId));
  if (!open) return null;
  return (
    <JotaiProvider key={props.membershipId}>
      <MembershipBody
        membershipId={props.membershipId}
        onClose={onClose}
        onChanged={props.onChanged ?? ignore}
        refundVoidForm={props.refundVoidForm}
      />
    </JotaiProvider>
  );
}

/** The element's component: the modal, with its changes and its closing as DOM events. */
export function MembershipBillingElement(props: {
  membershipId: number;
  onMembershipChanged?: (detail: MembershipChangedDetail) => void;
  onMembershipClosed?: (detail: MembershipClosedDetail) => void;
  refundVoidForm?: RefundVoidForm;
}) {
  const { membershipId, onMembershipChanged, onMembershipClosed, refundVoidForm } = props;
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const onChanged = useCallback(
    (m: Membership) => onMembershipChanged?.({ id: m.id, status: m.status }),
    [onMembershipChanged],
  );
  return (
    <MembershipBilling
      membershipId={membershipId}
      open={closedFor !== membershipId}
      onClose={() => {
        setClosedFor(membershipId);
        onMembershipClosed?.({ id: membershipId });
      }}
      onChanged={onChanged}
      {...(refundVoidForm ? { refundVoidForm } : {})}
    />
  );
}
