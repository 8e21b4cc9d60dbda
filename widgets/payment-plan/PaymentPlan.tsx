/**
 * <chairside-payment-plan>, and the same component placed directly by the portal (the Payment Plans
 * page and the patient page): a payment plan's detail modal. It composes its data hooks and its
 * render. Without `onClose` it manages its own open state (open when placed, closed by Close or
 * Escape; another plan id opens it again).
 */
import { useCallback, useState } from 'react';
import type { PaymentPlan as Plan } from '../../embed-sdk/contract/paymentPlan.js';
import type { PaymentPlanChangedDetail, PaymentPlanClosedDetail } from '../../embed-sdk/events.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { PaymentPlanModal } from './PaymentPlanModal.js';
import { useCanEditPlans, useLiveRefresh, usePaymentPlanData } from './usePaymentPlan.js';

export interface PaymentPlanProps {
  /** The payment plan's id. */
  planId: number;
  /** When given, the caller controls whether the modal shows. */
  open?: boolean;
  /** When given, called on Close and Escape (the caller closes it). */
  onClose?: () => void;
  /** Called after each change made in the modal, with the plan as it is afterwards. */
  onChanged?: (plan: Plan) => void;
  /**
   * The transactions' Refund / Void form, which the Payment History opens (ui/refundVoidForm.ts):
   * handed in by whoever places both capabilities. Without it no ledger row offers Refund or Void.
   */
  refundVoidForm?: RefundVoidForm;
}

interface BodyProps {
  planId: number;
  onClose: () => void;
  onChanged: (plan: Plan) => void;
  refundVoidForm: RefundVoidForm | undefined;
}

function PaymentPlanBody({ planId, onClose, onChanged, refundVoidForm }: BodyProps) {
  const plan = usePaymentPlanData(planId);
  const canEdit = useCanEditPlans();
  useLiveRefresh(planId);
  const { mutate } = plan;
  /** For the tabs' changes: read the plan again and tell the caller. */
  const revalidate = useCallback(async () => {
    const changed = await mutate();
    if (changed) onChanged(changed);
  }, [mutate, onChanged]);
  return (
    <PaymentPlanModal
      plan={plan.data}
      loadFailed={!!plan.error && !plan.data}
      canEdit={canEdit}
      onRetry={() => void mutate()}
      onClose={onClose}
      onChanged={onChanged}
      onRevalidate={() => void revalidate()}
      refundVoidForm={refundVoidForm}
    />
  );
}

const ignore = () => undefined;

export function PaymentPlan(props: PaymentPlanProps) {
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const open = props.open ?? closedFor !== props.planId;
  const onClose = props.onClose ?? (() => setClosedFor(props.planId));
  if (!open) return null;
  return (
    <PaymentPlanBody
      planId={props.planId}
      onClose={onClose}
      onChanged={props.onChanged ?? ignore}
      refundVoidForm={props.refundVoidForm}
    />
  );
}

/**
 * The element's component: the modal, with its changes and its closing as DOM events. The element's
 * chunk (widgets/paymentPlanElement.ts) hands in the transactions' Refund / Void form.
 */
export function PaymentPlanElement(props: {
  planId: number;
  onPaymentPlanChanged?: (detail: PaymentPlanChangedDetail) => void;
  onPaymentPlanClosed?: (detail: PaymentPlanClosedDetail) => void;
  refundVoidForm?: RefundVoidForm;
}) {
  const { planId, onPaymentPlanChanged, onPaymentPlanClosed, refundVoidForm } = props;
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const onChanged = useCallback(
    (plan: Plan) => onPaymentPlanChanged?.({ id: plan.id, status: plan.status }),
    [onPaymentPlanChanged],
  );
  return (
    <PaymentPlan
      planId={planId}
      open={closedFor !== planId}
      onClose={() => {
        setClosedFor(planId);
        onPaymentPlanClosed?.({ id: planId });
      }}
      onChanged={onChanged}
      {...(refundVoidForm ? { refundVoidForm } : {})}
    />
  );
}
