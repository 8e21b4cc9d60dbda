/**
 * The transactions' Refund / Void form as another capability opens it (a membership's Payment
 * History): a component handed in by whoever places both, since capabilities do not import each
 * other. The portal hands in the transactions capability's `TransactionRefundVoid`. The form reads
 * the transaction and applies its source's rules (a membership that is not active offers
 * reactivation, on by default).
 */
import type { ComponentType } from 'react';

export interface RefundVoidFormProps {
  /** The transaction's id (a ledger row's transactionId). */
  transactionId: number;
  /** REFUND a settled card payment, VOID an unsettled one (the form says which it is). */
  action: 'REFUND' | 'VOID';
  /** The form closed (Cancel, Escape, or Close after its answer). */
  onClose: () => void;
  /** The payment was refunded or voided: the caller reads its record again. */
  onDone: () => void;
}

export type RefundVoidForm = ComponentType<RefundVoidFormProps>;
