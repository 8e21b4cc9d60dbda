/**
 * <chairside-payment-request>, and the same component placed directly by the portal: a payment
 * request's detail modal. It composes its data hooks and its render. Without `onClose` it manages
 * its own open state (the element: open when placed, closed by Close or Escape; a new
 * notification id opens it again). Its outputs are the element's events (see definition.ts).
 */
import { mergeCallbacks } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type {
  PaymentRequestCancelledDetail,
  PaymentRequestClosedDetail,
  PaymentRequestRemindedDetail,
} from '../../embed-sdk/events.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { requestDetailsPart } from './LazyRequestDetails.js';
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
  /** Send Reminder sent the link again (the element's `payment-request-reminded`). */
  onPaymentRequestReminded?: (detail: PaymentRequestRemindedDetail) => void;
  /** The request was cancelled (the element's `payment-request-cancelled`). */
  onPaymentRequestCancelled?: (detail: PaymentRequestCancelledDetail) => void;
  /** The modal was closed (the element's `payment-request-closed`). */
  onPaymentRequestClosed?: (detail: PaymentRequestClosedDetail) => void;
  /**
   * Opens one of its payments' Transaction Details (the portal places them beside the modal; the
   * element has none, and its Payment Activity shows dates only).
   */
  onOpenTransaction?: (transaction: Transaction) => void;
}

type BodyProps = Omit<PaymentRequestProps, 'open' | 'onClose'> & { onClose: () => void };

function PaymentRequestBody(props: BodyProps) {
  const { notificationId, onClose, onPaymentRequestReminded, onPaymentRequestCancelled, onOpenTransaction } =
    props;
  const request = usePaymentRequestData(notificationId);
  const activity = usePaymentActivity(notificationId);
  const canEdit = useCanEditRequests();
  useLiveRefresh(notificationId);
  // The body's code loads while the request's data does.
  useEffect(() => requestDetailsPart.prefetch(), []);
  return (
    <PaymentRequestModal
      open
      request={request.data}
      activity={paymentActivity(activity.data ?? [], notificationId)}
      loadFailed={!!request.error}
      canEdit={canEdit}
      onRetry={() => void request.mutate()}
      onClose={onClose}
      onOpenTransaction={onOpenTransaction}
      onReminded={(r) =>
        onPaymentRequestReminded?.({
          notificationId: r.id,
          customerId: r.customerId,
          resent: r.resent ?? new Date().toISOString(),
          reminders: r.notificationsResent.length,
        })
      }
      onCancelled={(r) =>
        onPaymentRequestCancelled?.({
          notificationId: r.id,
          customerId: r.customerId,
          cancelled: r.cancelled ?? new Date().toISOString(),
        })
      }
    />
  );
}

export function PaymentRequest(props: PaymentRequestProps) {
  const { notificationId, onPaymentRequestClosed } = props;
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const open = props.open ?? closedFor !== notificationId;
  if (!open) return null;
  // The caller closes it (or it closes itself), and the host hears of it.
  const close = mergeCallbacks(props.onClose ?? (() => setClosedFor(notificationId)), () =>
    onPaymentRequestClosed?.({ notificationId }),
  );
  return <PaymentRequestBody {...props} onClose={close} />;
}
