/**
 * 'Remove Unassociated Payment' (spec part 2, "Associate Transaction" and section 8): a confirmation
 * that the removal cannot be undone, prevents any future association, and neither voids nor refunds
 * the payment. Then 'The payment has been removed.'
 */
import { useState } from 'react';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import type { TransactionRemovedDetail } from '../../../embed-sdk/events.js';
import { useNotify } from '../../runtime/useBanners.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ASSOCIATE_TEXT } from '../dialogTexts.js';
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
      message={ASSOCIATE_TEXT.removeMessage}
      confirmLabel={ASSOCIATE_TEXT.removeConfirm}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
