/**
 * Send Reminder, Copy Link and Cancel (after a confirmation), with the spec's messages. Shown only
 * for unpaid requests and to callers with EDITPAYMENTREQUESTS (the caller decides).
 */
import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { DeleteRegular, LinkRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { useNotify } from '../runtime/useBanners.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { TEXT } from './texts.js';
import { usePaymentRequestChanges } from './usePaymentRequest.js';

const useStyles = makeStyles({ row: { display: 'flex', gap: '8px', flexWrap: 'wrap' } });

type Busy = 'remind' | 'cancel' | null;

/** Writes to the clipboard; throws with the browser's reason when it cannot. */
async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available on this page.');
  await navigator.clipboard.writeText(text);
}

export interface RequestActionsProps {
  request: PaymentRequest;
  /** After a reminder was sent, with the request as the server changed it. */
  onReminded?: ((request: PaymentRequest) => void) | undefined;
  /** After the request was cancelled, with the request as the server changed it. */
  onCancelled?: ((request: PaymentRequest) => void) | undefined;
}

export function RequestActions({ request, onReminded, onCancelled }: RequestActionsProps) {
  const styles = useStyles();
  const notify = useNotify();
  const { sendReminder, cancelRequest } = usePaymentRequestChanges(request.id);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);

  const remindNow = async () => {
    setBusy('remind');
    const changed = await sendReminder();
    setBusy(null);
    if (changed) {
      notify({ intent: 'success', message: TEXT.reminderSent });
      onReminded?.(changed);
    }
  };

  const copyLink = async () => {
    try {
      if (!request.link) throw new Error('This payment request has no link.');
      await copyText(request.link);
      notify({ intent: 'success', message: TEXT.copied });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      notify({ intent: 'danger', title: TEXT.unableToCopy, message: reason });
    }
  };

  const cancelNow = async () => {
    setBusy('cancel');
    const changed = await cancelRequest();
    setBusy(null);
    setConfirming(false);
    if (changed) {
      notify({ intent: 'success', message: TEXT.removed });
      onCancelled?.(changed);
    }
  };

  return (
    <div className={styles.row}>
      <Button
        icon={busy === 'remind' ? <Spinner size="tiny" /> : <SendRegular />}
        disabled={busy !== null}
        onClick={() => void remindNow()}
      >
        {TEXT.sendReminder}
      </Button>
      <Button icon={<LinkRegular />} disabled={busy !== null} onClick={() => void copyLink()}>
        {TEXT.copyLink}
      </Button>
      <Button icon={<DeleteRegular />} disabled={busy !== null} onClick={() => setConfirming(true)}>
        {TEXT.cancel}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={TEXT.cancelTitle}
        message={TEXT.cancelConfirm}
        confirmLabel={TEXT.cancelConfirmLabel}
        cancelLabel={TEXT.keep}
        busy={busy === 'cancel'}
        onConfirm={() => void cancelNow()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
