/**
 * The plan widgets the portal's plan lists place: the plan's detail modal and New Payment Plan, with
 * the stored cards' form selector for the new plan's card on file (../storedCardSelector.tsx). All of them load on demand, so a list
 * (and the patient page around it) shows without waiting for them; a list starts loading New Payment
 * Plan as soon as it shows to someone who may use it.
 */
import { useEffect } from 'react';
import {
  LazyNewPaymentPlanDialog,
  LazyPaymentPlan,
  preloadNewPaymentPlanDialog,
  type NewPaymentPlanDialogProps,
} from '../../../widgets/payment-plan/index.js';
import { LazyTransactionRefundVoid } from '../../../widgets/transactions/index.js';
import { StoredCardSelector, storedCards } from '../storedCardSelector.js';

/**
 * The plan's detail modal, open while a plan id is given. The portal places both capabilities, so
 * it hands the plan's Payment History the transactions' Refund / Void form (widgets/ui/refundVoidForm.ts).
 */
export function PlanModal(props: { planId: number | null; onClose: () => void; onChanged?: () => void }) {
  const { planId, ...rest } = props;
  if (planId === null) return null;
  return <LazyPaymentPlan planId={planId} open {...rest} refundVoidForm={LazyTransactionRefundVoid} />;
}

/** New Payment Plan, its card on file chosen with the stored cards' selector. */
export function NewPaymentPlanDialog(props: Omit<NewPaymentPlanDialogProps, 'CardSelector'>) {
  return <LazyNewPaymentPlanDialog {...props} CardSelector={StoredCardSelector} />;
}

/** New Payment Plan for a list: nothing for someone who may not use it, loading early for whoever may. */
export function NewPlanDialog(props: Omit<NewPaymentPlanDialogProps, 'CardSelector'> & { enabled: boolean }) {
  const { enabled, ...dialog } = props;
  useEffect(() => {
    if (!enabled) return;
    preloadNewPaymentPlanDialog();
    storedCards.prefetch();
  }, [enabled]);
  if (!enabled) return null;
  return <NewPaymentPlanDialog {...dialog} />;
}
