/**
 * 'Remove Unassociated Payment' (spec part 2, "Associate Transaction" and section 8): a confirmation
 * that the removal cannot be undone, prevents any future association, and neither voids nor refunds
 * the payment. It names the payment (its transaction ID, amount, who paid and when), since nothing
 * brings it back, and its button wears the danger colour. Then 'The payment has been removed.'
 */
import { useState } from 'react';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import type { TransactionRemovedDetail } from '../../../embed-sdk/events.js';
import { useNotify } from '../../runtime/useBanners.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDateTime } from '../../../embed-sdk/format/date.js';
import { SOURCE_LABELS } from '../../../embed-sdk/format/transactions.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { DetailList } from '../../ui/DetailList.js';
import { ASSOCIATE_TEXT } from '../dialogTexts.js';
import { transactionIdOf } from '../transactionView.js';
import { useTransactionChanges } from '../useTransactionChanges.js';

export interface RemoveOrphanDialogProps {
  transaction: Transaction;
  onClose: () => void;
  onRemoved?: (detail: TransactionRemovedDetail) => void;
}

export function RemoveOrphanDialog({ transaction: t, onClose, onRemoved }: RemoveOrphanDialogProps) {
  const notify = useNotify();
  const changes = useTransactionChanges();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const removed = await changes.removeOrphan(t.id);
    setBusy(false);
    if (!removed) return; // the banner says why
    notify({ intent: 'success', message: ASSOCIATE_TEXT.removed });
    onRemoved?.({ id: t.id, referenceId: t.referenceId, removed: removed.removed });
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={ASSOCIATE_TEXT.removeTitle}
      message={
        <>
          <p>{ASSOCIATE_TEXT.removeMessage}</p>
          <DetailList
            items={[
              [ASSOCIATE_TEXT.transactionId, transactionIdOf(t.referenceId)],
              [ASSOCIATE_TEXT.paymentAmount, formatCurrency(t.amount)],
              [
                ASSOCIATE_TEXT.paidBy,
                [t.firstName, t.lastName].filter(Boolean).join(' ') || ASSOCIATE_TEXT.unavailable,
              ],
              [ASSOCIATE_TEXT.source, SOURCE_LABELS[t.source]],
              [ASSOCIATE_TEXT.date, formatDateTime(t.created)],
            ]}
          />
        </>
      }
      confirmLabel={ASSOCIATE_TEXT.removeConfirm}
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
