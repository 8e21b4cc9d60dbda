/**
 * A loaded plan in the modal: pills, alerts, panels, progress and tabs, and the actions behind their
 * buttons: Pause Notifications, Send Reminder, Retry Declined Payments, Cancel Plan (after a
 * confirmation), Re-activate, and the dialogs for Make a Payment, Automate with Card and Change Card
 * (loaded on demand). Each change shows the spec's message and reads the plan again.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { useNotify } from '../runtime/useBanners.js';
import { useBusy } from '../ui/useBusy.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { CARD_HINTS } from './dialogTexts.js';
import { cardPickerPart, LazyCardPicker } from '../ui/LazyCardPicker.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { LazyPaymentDialog, paymentDialogPart } from './LazyDialogs.js';
import { planActions } from './paymentPlan.js';
import { PlanAlerts, type AlertBusy } from './PlanAlerts.js';
import { PlanPanels } from './PlanPanels.js';
import { PlanPills } from './PlanPills.js';
import { PlanProgress } from './PlanProgress.js';
import { PlanTabs } from './PlanTabs.js';
import { PLAN_MESSAGES, TEXT } from './texts.js';
import { usePlanChanges } from './usePlanChanges.js';

const useStyles = makeStyles({
  status: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

type CardMode = 'automate' | 'change';

export interface PlanDetailsProps {
  plan: PaymentPlan;
  canEdit: boolean;
  onChanged: (plan: PaymentPlan) => void;
  /** A tab changed the plan: read it again. */
  onRevalidate: () => void;
  /** The transactions' Refund / Void form, for the ledger (ui/refundVoidForm.ts). */
  refundVoidForm?: RefundVoidForm | undefined;
}

export function PlanDetails({ plan, canEdit, onChanged, onRevalidate, refundVoidForm }: PlanDetailsProps) {
  const styles = useStyles();
  const notify = useNotify();
  const changes = usePlanChanges(plan.id, onChanged);
  const actions = planActions(plan, canEdit);
  const [busy, run] = useBusy<NonNullable<AlertBusy> | 'cancel' | 'reactivate'>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // Dialogs stay mounted once opened (unmounting an open Fluent dialog skips its clean-up).
  const [paying, setPaying] = useState<boolean | null>(null);
  const [cardPicker, setCardPicker] = useState<{ mode: CardMode; open: boolean } | null>(null);

  // The box shows the person's choice at once; the plan's answer (or a failure) settles it.
  const [pausing, setPausing] = useState<boolean | null>(null);
  const pauseChange = async (paused: boolean) => {
    setPausing(paused);
    await run('notify', () => changes.setNotifying(!paused));
    setPausing(null);
  };

  // One charge at a time: the button is disabled while it runs, and a second click in between is ignored.
  const retrying = useRef(false);
  const [retryDeclined, setRetryDeclined] = useState<string | null>(null);
  const retryDeclines = async () => {
    if (retrying.current) return;
    retrying.current = true;
    setRetryDeclined(null);
    try {
      // One key per click: a click is one attempt at the declined payments.
      const outcome = await run('retry', () => changes.retryDeclines(crypto.randomUUID(), plan.ledgerDtos));
      if (outcome.kind === 'processed') {
        notify({ intent: 'success', message: PLAN_MESSAGES.declinesProcessed });
      } else if (outcome.kind === 'declined') {
        setRetryDeclined(outcome.reason || TEXT.retryDeclined);
      } else {
        notify({ intent: 'danger', message: PLAN_MESSAGES.declinesFailed });
      }
    } finally {
      retrying.current = false;
    }
  };

  const sendReminder = async () => {
    const sent = await run('remind', changes.sendReminder);
    if (sent) notify({ intent: 'success', message: PLAN_MESSAGES.declineReminderSent });
  };

  const cancelPlan = async () => {
    const canceled = await run('cancel', changes.cancelPlan);
    setConfirmingCancel(false);
    if (canceled) notify({ intent: 'success', message: PLAN_MESSAGES.canceled });
  };

  const reactivate = async () => {
    const activated = await run('reactivate', changes.reactivate);
    if (activated) notify({ intent: 'success', message: PLAN_MESSAGES.activated });
  };

  const openCards = (mode: CardMode) => setCardPicker({ mode, open: true });

  const attachCard = async (card: SavedCard) => {
    const automate = cardPicker?.mode === 'automate';
    const attached = await changes.attachCard(card.id, automate);
    if (!attached) return false;
    notify({
      intent: 'success',
      message: automate ? PLAN_MESSAGES.automated : PLAN_MESSAGES.cardAttached,
    });
    return true;
  };

  const makePayment = () => setPaying(true);

  return (
    <>
      <div className={styles.status}>
        <PlanPills plan={plan} />
        {actions.reactivate && (
          <Button size="small" disabled={busy === 'reactivate'} onClick={() => void reactivate()}>
            {TEXT.reactivate}
          </Button>
        )}
      </div>
      <PlanAlerts
        plan={plan}
        actions={actions}
        busy={busy === 'notify' || busy === 'remind' || busy === 'retry' ? busy : null}
        paused={pausing ?? !plan.isNotifyingForPastDuePayments}
        onPauseChange={(paused) => void pauseChange(paused)}
        onMakePayment={makePayment}
        onSendReminder={() => void sendReminder()}
        onRetryDeclines={() => void retryDeclines()}
        retryDeclined={retryDeclined}
        onAutomate={() => openCards('automate')}
        onPreloadPayment={paymentDialogPart.prefetch}
        onPreloadCards={cardPickerPart.prefetch}
      />
      <PlanPanels
        plan={plan}
        actions={actions}
        onCancelPlan={() => setConfirmingCancel(true)}
        onMakePayment={makePayment}
        onChangeCard={() => openCards('change')}
        onPreloadPayment={paymentDialogPart.prefetch}
        onPreloadCards={cardPickerPart.prefetch}
      />
      <PlanProgress plan={plan} />
      <PlanTabs
        plan={plan}
        onChanged={onRevalidate}
        onMakePayment={actions.makePayment ? makePayment : undefined}
        refundVoidForm={refundVoidForm}
      />
      <ConfirmDialog
        open={confirmingCancel}
        title={TEXT.cancelTitle}
        message={TEXT.cancelConfirm}
        confirmLabel={TEXT.cancelPlan}
        cancelLabel={TEXT.keepPlan}
        danger
        busy={busy === 'cancel'}
        onConfirm={() => void cancelPlan()}
        onCancel={() => setConfirmingCancel(false)}
      />
      {paying !== null && (
        <LazyPaymentDialog
          open={paying && actions.makePayment}
          plan={plan}
          onClose={() => setPaying(false)}
          onChanged={onChanged}
        />
      )}
      {cardPicker && (
        <LazyCardPicker
          open={cardPicker.open}
          purpose={cardPicker.mode}
          customerId={plan.customerId}
          currentCardId={plan.isCash ? null : plan.customerSavedCardId}
          hint={CARD_HINTS[cardPicker.mode]}
          onClose={() => setCardPicker({ ...cardPicker, open: false })}
          onChosen={attachCard}
        />
      )}
    </>
  );
}
