/**
 * The 'Membership for {name}' modal (spec part 1, part 2 "Membership billing detail"). The frame is
 * here; its body (MembershipDetails) loads on demand.
 */
import { useEffect } from 'react';
import { DetailModal } from '../ui/DetailModal.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { LazyMembershipDetails, membershipDetailsPart } from './LazyMembershipDetails.js';
import { FRAME_TEXT } from './frameTexts.js';
import type { Membership, MembershipRoles } from './membershipView.js';

export interface MembershipModalProps {
  membership: Membership | undefined;
  loadFailed: boolean;
  roles: MembershipRoles;
  onRetry: () => void;
  onClose: () => void;
  onChanged: (membership: Membership) => void;
  refundVoidForm?: RefundVoidForm | undefined;
}

export function MembershipModal(props: MembershipModalProps) {
  const { membership, loadFailed, onRetry, onClose } = props;
  // The body's code loads while the membership does.
  useEffect(() => membershipDetailsPart.prefetch(), []);
  return (
    <DetailModal
      title={FRAME_TEXT.title(membership ? `${membership.firstName} ${membership.lastName}`.trim() : '…')}
      loadFailed={loadFailed}
      onRetry={onRetry}
      onClose={onClose}
      maxWidth="1040px"
      text={FRAME_TEXT}
    >
      {membership ? (
        <LazyMembershipDetails
          membership={membership}
          roles={props.roles}
          onChanged={props.onChanged}
          refundVoidForm={props.refundVoidForm}
        />
      ) : null}
    </DetailModal>
  );
}
