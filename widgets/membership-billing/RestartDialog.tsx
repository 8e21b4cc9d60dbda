/**
 * Restart Membership (section 4): an expired yearly membership starts again today and its card is
 * charged a year. Approved: 'Transaction Approved' with the transaction ID; declined: 'Transaction
 * Declined' with the decline message, in the dialog (the membership stays expired). One idempotency
 * key per attempt, as for a payment.
 */
import { Text } from '@fluentui/react-components';
import { useState } from 'react';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { useNotify } from '../runtime/useBanners.js';
import { DialogForm, FormDialog, FormError } from '../ui/FormDialog.js';
import type { MembershipDialogProps } from './RenewalOptionsDialog.js';
import { DIALOG_TEXT, MEMBERSHIP_MESSAGES } from './texts.js';

export function RestartDialog({ membership: m, changes, onClose }: MembershipDialogProps) {
  const notify = useNotify();
  const [declined, setDeclined] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = async () => {
    setDeclined(null);
    setBusy(true);
    const outcome = await changes.restart(key);
    setBusy(false);
    if (outcome === null) return;
    setKey(crypto.randomUUID());
    if (outcome.kind === 'declined') {
      setDeclined(outcome.reason ?? '');
      return;
    }
    notify({
      intent: 'success',
      title: MEMBERSHIP_MESSAGES.transactionApproved,
      message: DIALOG_TEXT.transactionId(outcome.transactionId ?? ''),
    });
    onClose();
  };

  return (
    <FormDialog open label={DIALOG_TEXT.restartTitle} onClose={onClose} busy={busy}>
      <DialogForm
        title={DIALOG_TEXT.restartTitle}
        onSubmit={(event) => {
          event.preventDefault();
          return submit();
        }}
        submitLabel={DIALOG_TEXT.restart}
        cancelLabel={DIALOG_TEXT.keepExpired}
        onCancel={onClose}
        submitting={busy}
        error={
          declined !== null ? (
            <FormError
              title={MEMBERSHIP_MESSAGES.transactionDeclined}
              message={declined || DIALOG_TEXT.declined}
            />
          ) : null
        }
      >
        <Text>{DIALOG_TEXT.restartMessage(formatCurrency(m.cardTotal || m.amount))}</Text>
      </DialogForm>
    </FormDialog>
  );
}
