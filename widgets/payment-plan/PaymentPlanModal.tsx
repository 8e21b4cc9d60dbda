/**
 * The payment plan's detail modal (spec part 1, "Payment plan detail modal"): 'Payment Plan for
 * {name}'. The frame is here; its body (PlanDetails) loads on demand.
 */
import { useEffect } from 'react';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { DetailModal } from '../ui/DetailModal.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { LazyPlanDetails, planDetailsPart } from './LazyPlanDetails.js';
import { TEXT } from './texts.js';

export interface PaymentPlanModalProps {
  plan: PaymentPlan | undefined;
  loadFailed: boolean;
  canEdit: boolean;
  onRetry: () => void;
  onClose: () => void;
  onChanged: (plan: PaymentPlan) => void;
  onRevalidate: () => void;
  /** The transactions' Refund / Void form, for the ledger (ui/refundVoidForm.ts). */
  refundVoidForm?: RefundVoidForm | undefined;
}

export function PaymentPlanModal(props: PaymentPlanModalProps) {
  const { plan, loadFailed, canEdit, onRetry, onClose } = props;
  // The body's code loads while the plan does.
  useEffect(() => planDetailsPart.prefetch(), []);
  return (
    <DetailModal
      title={TEXT.title(plan ? `${plan.firstName} ${plan.lastName}`.trim() : '…')}
      loadFailed={loadFailed}
      onRetry={onRetry}
      onClose={onClose}
      maxWidth="980px"
      text={TEXT}
    >
      {plan ? (
        <LazyPlanDetails
          // Another plan starts afresh (its dialogs closed, its first tab).
          key={plan.id}
          plan={plan}
          canEdit={canEdit}
          onChanged={props.onChanged}
          onRevalidate={props.onRevalidate}
          refundVoidForm={props.refundVoidForm}
        />
      ) : null}
    </DetailModal>
  );
}
