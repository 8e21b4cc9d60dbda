/**
 * The plan widgets the portal's plan lists place: the plan's detail modal and New Payment Plan. Both
 * load on demand, so a list (and the patient page around it) shows without waiting for them; a
 * list starts loading New Payment Plan as soon as it shows to someone who may use it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { NewPaymentPlanDialogProps } from '../../../widgets/payment-plan-new/NewPaymentPlanDialog.js';

const loadModal = () => import('../../../widgets/payment-plan/PaymentPlan.js');
const loadNewPlan = () => import('../../../widgets/payment-plan-new/NewPaymentPlanDialog.js');

const LazyModal = lazy(() => loadModal().then((m) => ({ default: m.PaymentPlan })));
const LazyNewPlan = lazy(() => loadNewPlan().then((m) => ({ default: m.NewPaymentPlanDialog })));

/** The plan's detail modal, open while a plan id is given. */
export function PlanModal(props: { planId: number | null; onClose: () => void; onChanged?: () => void }) {
  const { planId, ...rest } = props;
  if (planId === null) return null;
  return (
    <Suspense fallback={null}>
      <LazyModal planId={planId} open {...rest} />
    </Suspense>
  );
}

/**
 * New Payment Plan. Once opened it stays mounted (closed): a Fluent dialog unmounted while open
 * skips its modal's clean-up.
 */
export function NewPlanDialog(props: NewPaymentPlanDialogProps & { enabled: boolean }) {
  const { enabled, ...dialog } = props;
  const [wanted, setWanted] = useState(false);
  if (dialog.open && !wanted) setWanted(true);
  useEffect(() => {
    if (enabled) void loadNewPlan();
  }, [enabled]);
  if (!enabled || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyNewPlan {...dialog} />
    </Suspense>
  );
}
