/**
 * The Transaction Details modal (spec part 2, "Transaction detail"), placed by the list, by the
 * portal (from a payment request's Payment Activity) and on its own as
 * <chairside-transaction-details>. Given the row a list already has, it shows it at once; given only
 * the id, it reads the transaction. The realtime hub keeps its sync status current.
 */
import { useEffect, useState } from 'react';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import type { TransactionDetailsClosedDetail } from '../../../embed-sdk/events.js';
import { DetailModal } from '../../ui/DetailModal.js';
import { DETAILS_TEXT } from '../texts.js';
import { useLiveTransactions, useTransaction } from '../useTransactions.js';
import { detailsBodyPart, LazyDetailsBody } from './LazyDetailsBody.js';

export interface TransactionDetailsProps {
  /** The transaction's id. */
  transactionId: number;
  /** The transaction as a list already has it: shown at once, not read again. */
  transaction?: Transaction;
  /** When given, the caller controls whether the modal shows. */
  open?: boolean;
  /** When given, called on Close and Escape (the caller closes it). */
  onClose?: () => void;
  /** The modal was closed (the element's `transaction-details-closed`). */
  onTransactionDetailsClosed?: (detail: TransactionDetailsClosedDetail) => void;
}

/** The modal itself, for a list that keeps its transactions live already. */
export function TransactionDetailsModal(
  props: Pick<TransactionDetailsProps, 'transactionId' | 'transaction'> & { onClose: () => void },
) {
  const { transactionId, transaction, onClose } = props;
  const read = useTransaction(transactionId, transaction);
  const shown = transaction ?? read.data;
  useEffect(() => detailsBodyPart.prefetch(), []);
  return (
    <DetailModal
      title={DETAILS_TEXT.title}
      loadFailed={!!read.error && !shown}
      onRetry={() => void read.mutate()}
      onClose={onClose}
      maxWidth="560px"
      text={DETAILS_TEXT}
    >
      {shown ? <LazyDetailsBody transaction={shown} /> : null}
    </DetailModal>
  );
}

export function TransactionDetails(props: TransactionDetailsProps) {
  const { transactionId, onTransactionDetailsClosed } = props;
  const [closedFor, setClosedFor] = useState<number | null>(null);
  useLiveTransactions();
  const open = props.open ?? closedFor !== transactionId;
  if (!open) return null;
  const close = () => {
    (props.onClose ?? (() => setClosedFor(transactionId)))();
    onTransactionDetailsClosed?.({ id: transactionId });
  };
  return <TransactionDetailsModal {...props} onClose={close} />;
}
