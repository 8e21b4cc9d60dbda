/**
 * The 'Membership for {name}' modal as the portal's membership lists open it (the Memberships page's
 * rows and the bell's links, the patient page's Memberships): the membership billing capability's
 * component, loading on demand as the plan lists' modal does (../paymentPlans/planWidgets.tsx), in
 * the portal's providers. The portal places both capabilities, so it hands the membership's Payment
 * History the transactions' Refund / Void form (widgets/ui/refundVoidForm.ts).
 */
import { LazyMembershipBilling } from '../../../widgets/membership-billing/index.js';
import { LazyTransactionRefundVoid } from '../../../widgets/transactions/index.js';

export interface MembershipModalProps {
  /** The membership shown; null: no modal. */
  membershipId: number | null;
  onClose: () => void;
  /** After each change made in the modal: the lists read themselves again. */
  onChanged?: () => void;
}

export function MembershipModal({ membershipId, onClose, onChanged }: MembershipModalProps) {
  if (membershipId === null) return null;
  return (
    <LazyMembershipBilling
      membershipId={membershipId}
      open
      onClose={onClose}
      {...(onChanged ? { onChanged: () => onChanged() } : {})}
      refundVoidForm={LazyTransactionRefundVoid}
    />
  );
}
