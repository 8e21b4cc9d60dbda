/**
 * Send Reminder, Send New Link, Copy Link and Cancel (after a confirmation), with the spec's messages.
 * Shown only for unpaid requests and to callers with EDITPAYMENTREQUESTS (the caller decides).
 *
 * Once the link has expired, a reminder would send a link that no longer works and copying it would
 * hand one on: only Send New Link and Cancel remain. Send New Link ends the link the patient has, so
 * while that link still works it asks first.
 */
import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { ArrowSyncRegular, DeleteRegular, LinkRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { useNotify } from '../runtime/useBanners.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { TEXT } from './texts.js';
import { usePaymentRequestChanges } from './usePaymentRequest.js';

const useStyles = makeStyles({ row: { display: 'flex', gap: '8px', flexWrap: 'wrap' } });

type Busy = 'remind' | 'newLink' | 'cancel' | null;
type Confirming = 'newLink' | 'cancel' | null;

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
  const { sendReminder, sendNewLink, cancelRequest } = usePaymentRequestChanges(request.id);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const expired = request.linkExpired;

  const remindNow = async () => {
    setBusy('remind');
    const changed = await sendReminder();
    setBusy(null);
    if (changed) {
      notify({ intent: 'success', message: TEXT.reminderSent });
      onReminded?.(changed);
    }
  };

  const sendNewLinkNow = async () => {
    setBusy('newLink');
    const changed = await sendNewLink();
    setBusy(null);
    setConfirming(null);
    if (changed) notify({ intent: 'success', title: TEXT.newLinkSentTitle, message: TEXT.newLinkSent });
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
    setConfirming(null);
    if (changed) {
      notify({ intent: 'success', message: TEXT.removed });
      onCancelled?.(changed);
    }
  };

  return (
    <div className={styles.row}>
      {!expired && (
        <Button
          icon={busy === 'remind' ? <Spinner size="tiny" /> : <SendRegular />}
          disabled={busy !== null}
          onClick={() => void remindNow()}
        >
          {TEXT.sendReminder}
        </Button>
      )}
      <Button
        appearance={expired ? 'primary' : 'secondary'}
        icon={busy === 'newLink' ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
        disabled={busy !== null}
        onClick={() => (expired ? void sendNewLinkNow() : setConfirming('newLink'))}
      >
        {TEXT.sendNewLink}
      </Button>
      {!expired && (
        <Button icon={<LinkRegular />} disabled={busy !== null} onClick={() => void copyLink()}>
          {TEXT.copyLink}
        </Button>
      )}
      <Button icon={<DeleteRegular />} disabled={busy !== null} onClick={() => setConfirming('cancel')}>
        {TEXT.cancel}
      </Button>
      <ConfirmDialog
        open={confirming === 'newLink'}
        title={TEXT.sendNewLink}
        message={TEXT.newLinkConfirm}
        confirmLabel={TEXT.sendNewLink}
        cancelLabel={TEXT.keep}
        busy={busy === 'newLink'}
        onConfirm={() => void sendNewLinkNow()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={TEXT.cancelTitle}
        message={TEXT.cancelConfirm}
        confirmLabel={TEXT.cancelConfirmLabel}
        cancelLabel={TEXT.keep}
        danger
        busy={busy === 'cancel'}
        onConfirm={() => void cancelNow()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
