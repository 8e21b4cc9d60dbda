/**
 * The portal opens a transaction's source in place: a payment plan's or a payment request's detail
 * modal over the list, instead of leaving it (the transactions widget asks through `onOpenSource`;
 * an INSURANCE payment's reimbursement opens Reimbursement Details, for a person with
 * VIEWINSURANCEPAYMENTS alone too; membership links go to their screen). The modals load on demand.
 */
import { useState } from 'react';
import type { LinkedSource } from '../../../widgets/transactions/index.js';
import { PlanModal } from '../paymentPlans/planWidgets.js';
import { RequestModal } from '../paymentRequests/RequestModal.js';
import { lazyPart } from '../../../widgets/runtime/lazyPart.js';

const reimbursement = lazyPart(
  () => import('../reimbursements/ReimbursementModal.js'),
  (module) => module.ReimbursementModal,
);

export function useSourceModals() {
  const [open, setOpen] = useState<LinkedSource | null>(null);
  const onOpenSource = (target: LinkedSource) => {
    if (target.kind === 'membership') return false;
    setOpen(target);
    return true;
  };
  const close = () => setOpen(null);
  const modals = (
    <>
      <PlanModal planId={open?.kind === 'paymentPlan' ? open.id : null} onClose={close} />
      {open?.kind === 'paymentRequest' && <RequestModal notificationId={open.id} onClose={close} />}
      {open?.kind === 'reimbursement' && <reimbursement.Component id={open.id} onClose={close} />}
    </>
  );
  return { onOpenSource, modals };
}
