/**
 * Reimbursement Details as the portal places it: a share's payment request opens the payment
 * request's modal over it (capabilities do not import each other: the page puts the two together).
 */
import { useState } from 'react';
import { portalReimbursementLinks, ReimbursementDetails } from '../../../widgets/reimbursements/index.js';
import { RequestModal } from '../paymentRequests/RequestModal.js';

const LINKS = portalReimbursementLinks('');

export function useRequestModal() {
  const [request, setRequest] = useState<string | null>(null);
  return {
    onOpenRequest: (notificationId: string) => {
      setRequest(notificationId);
      return true;
    },
    modal: request ? <RequestModal notificationId={request} onClose={() => setRequest(null)} /> : null,
  };
}

export function ReimbursementModal({ id, onClose }: { id: number; onClose: () => void }) {
  const requests = useRequestModal();
  return (
    <>
      <ReimbursementDetails
        reimbursementId={id}
        links={LINKS}
        onOpenRequest={requests.onOpenRequest}
        onClose={onClose}
      />
      {requests.modal}
    </>
  );
}
