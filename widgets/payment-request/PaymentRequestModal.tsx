/**
 * The payment request's detail modal (spec part 1, "Payment request (notification) detail modal"):
 * its frame, which paints first (the title, Close, a spinner), and its body, which loads on demand
 * (LazyRequestDetails) while the request's data does.
 */
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { DetailModal } from '../ui/DetailModal.js';
import { LazyRequestDetails } from './LazyRequestDetails.js';
import { patientName } from './paymentRequest.js';
import { TEXT } from './texts.js';

export interface PaymentRequestModalProps {
  open: boolean;
  request: PaymentRequest | undefined;
  activity: readonly Transaction[];
  loadFailed: boolean;
  canEdit: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** After Send Reminder, with the request as the server changed it. */
  onReminded?: (request: PaymentRequest) => void;
  /** After Cancel was confirmed, with the request as the server changed it. */
  onCancelled?: (request: PaymentRequest) => void;
  /** Opens a payment's Transaction Details, where the page places them. */
  onOpenTransaction?: (transaction: Transaction) => void;
}

export function PaymentRequestModal(props: PaymentRequestModalProps) {
  const { open, request, activity, loadFailed, canEdit, onRetry, onClose, onReminded, onCancelled } = props;
  const { onOpenTransaction } = props;
  return (
    <DetailModal
      open={open}
      title={TEXT.title(request ? patientName(request) : '…')}
      loadFailed={loadFailed}
      onRetry={onRetry}
      onClose={onClose}
      maxWidth="760px"
      text={TEXT}
    >
      {request ? (
        <LazyRequestDetails
          request={request}
          activity={activity}
          canEdit={canEdit}
          onReminded={onReminded}
          onCancelled={onCancelled}
          onOpenTransaction={onOpenTransaction}
        />
      ) : null}
    </DetailModal>
  );
}
