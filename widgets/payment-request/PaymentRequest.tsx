/**
 * <chairside-payment-request>, and the same component placed directly by the portal: a payment
 * request's detail modal. It composes its data hooks and its render. Without `onClose` it manages
 * its own open state (the element: open when placed, closed by Close or Escape; a new
 * notification id opens it again).
 */
import { useState } from 'react';
import { PaymentRequestModal } from './PaymentRequestModal.js';
import { paymentActivity } from './paymentRequest.js';
import {
  useCanEditRequests,
  useLiveRefresh,
  usePaymentActivity,
  usePaymentRequestData,
} from './usePaymentRequest.js';

export interface PaymentRequestProps {
  /** The payment request's id (a notification id). */
  notificationId: string;
  /** When given, the caller controls whether the modal shows. */
  open?: boolean;
  /** When given, called on Close and Escape (the caller closes it). */
  onClose?: () => void;
}

function PaymentRequestBody({ notificationId, open, onClose }: Required<PaymentRequestProps>) {
  const request = usePaymentRequestData(notificationId);
  const activity = usePaymentActivity(notificationId);
  const canEdit = useCanEditRequests();
  useLiveRefresh(notificationId);
  return (
    <PaymentRequestModal
      open={open}
      notificationId={notificationId}
      request={request.data}
      activity={paymentActivity(activity.data ?? [], notificationId)}
      loadFailed={!!request.error}
      canEdit={canEdit}
      onRetry={() => void request.mutate()}
      onClose={onClose}
    />
  );
}

export function PaymentRequest(props: PaymentRequestProps) {
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const open = props.open ?? closedFor !== props.notificationId;
  const onClose = props.onClose ?? (() => setClosedFor(props.notificationId));
  if (!open) return null;
  return <PaymentRequestBody notificationId={props.notificationId} open={open} onClose={onClose} />;
}
