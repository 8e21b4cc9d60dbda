/**
 * A loaded membership in the modal: pills, alerts, panels and tabs, and the actions behind their
 * buttons: Send Reminder (a declined payment's, or the awaiting patient's enrolment link), Send New
 * Link (the awaiting patient's; asked first while the old link still works), Save
 * Membership Changes (with the next billing date and yearly auto-renew), Don't Renew / Renew Next
 * Year, Re-activate Membership (asked first), Change Card, and the dialogs (Renewal Options, Restart Membership, 'Make
 * Payment For', Cancel Membership: loaded on demand; the plan detail; the transactions' Refund /
 * Void form when one is handed in). Each change shows section 8's message and reads the membership
 * again.
 */
import { makeStyles } from '@fluentui/react-components';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate, formatIsoDay } from '../../embed-sdk/format/date.js';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useNotify } from '../runtime/useBanners.js';
import { useBusy } from '../ui/useBusy.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { RefundUnavailableDialog } from '../ui/RefundUnavailableDialog.js';
import type { RefundVoidForm } from '../ui/refundVoidForm.js';
import { cardPickerPart, LazyCardPicker } from '../ui/LazyCardPicker.js';
import { dialogsPart, LazyMembershipDialogs } from './LazyDialogs.js';
import { billingEditsAtom, dialogAtom, lineEditsAtom, notifyPatientAtom } from './membership.atoms.js';
import { MembershipAlerts } from './MembershipAlerts.js';
import { MembershipPanels } from './MembershipPanels.js';
import { MembershipPills } from './MembershipPills.js';
import { MembershipTabs } from './MembershipTabs.js';
import {
  editedBilling,
  editedLines,
  membershipActions,
  renewalSavedNotice,
  type Membership,
  type MembershipRoles,
} from './membershipView.js';
import { PlanDetailDialog } from './PlanDetailDialog.js';
import { DIALOG_TEXT, MEMBERSHIP_MESSAGES, TEXT } from './texts.js';
import { useMembershipChanges } from './useMembershipChanges.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
});

export interface MembershipDetailsProps {
  membership: Membership;
  roles: MembershipRoles;
  onChanged: (membership: Membership) => void;
  /** The transactions' Refund / Void form, when the page that places the modal hands it in. */
  refundVoidForm?: RefundVoidForm | undefined;
}

export function MembershipDetails({
  membership: m,
  roles,
  onChanged,
  refundVoidForm,
}: MembershipDetailsProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const changes = useMembershipChanges(m.id, onChanged);
  const actions = membershipActions(m, roles);
  const [dialog, setDialog] = useAtom(dialogAtom);
  const [edits, setEdits] = useAtom(lineEditsAtom);
  const [billingEdits, setBillingEdits] = useAtom(billingEditsAtom);
  const sendEmail = useAtomValue(notifyPatientAtom);
  const setNotify = useSetAtom(notifyPatientAtom);
  const [busy, run] = useBusy<
    'decline' | 'remindAwaiting' | 'sendNewLink' | 'save' | 'nextYear' | 'reactivate'
  >();
  const [confirmingNewLink, setConfirmingNewLink] = useState(false);
  const [confirmingReactivate, setConfirmingReactivate] = useState(false);
  // The card picker stays mounted once opened (unmounting an open Fluent dialog skips its clean-up).
  const [cardPicker, setCardPicker] = useState<boolean | null>(null);
  const close = () => setDialog(null);

  const sendDeclineReminder = async () => {
    const sent = await run('decline', changes.sendReminder);
    if (sent) {
      notify({
        intent: 'success',
        title: MEMBERSHIP_MESSAGES.reminderSentTitle,
        message: MEMBERSHIP_MESSAGES.reminderSent,
      });
    }
  };

  const remindAwaiting = async () => {
    const sent = await run('remindAwaiting', changes.remindAwaiting);
    if (sent) {
      notify({
        intent: 'success',
        title: MEMBERSHIP_MESSAGES.notifiedTitle,
        message: MEMBERSHIP_MESSAGES.notified,
      });
    }
  };

  const sendNewLink = async () => {
    const sent = await run('sendNewLink', changes.sendNewLink);
    setConfirmingNewLink(false);
    if (sent) notify({ intent: 'success', title: TEXT.newLinkSentTitle, message: TEXT.newLinkSent });
  };

  const save = async () => {
    const edited = editedLines(m.billingMemberships, edits);
    const billing = editedBilling(m, billingEdits, formatIsoDay(sdk.now()));
    if (!edited.valid || billing.problem || !(edited.changed || billing.changed)) return;
    const saved = await run('save', () => changes.saveChanges(edited.lines, billing.changes, sendEmail));
    if (!saved) return;
    setEdits({});
    setBillingEdits({});
    setNotify(false);
    notify({ intent: 'success', title: MEMBERSHIP_MESSAGES.savedTitle, message: MEMBERSHIP_MESSAGES.saved });
  };

  /** Don't Renew / Renew Next Year: 'Renew Selection Saved' with what the renewal now is. */
  const setNextYearRenewal = async (renew: boolean) => {
    const saved = await run('nextYear', () => changes.setNextYearRenewal(renew));
    if (saved) notify(renewalSavedNotice(false, saved));
  };

  const reactivate = async () => {
    const saved = await run('reactivate', changes.reactivate);
    setConfirmingReactivate(false);
    if (saved) notify({ intent: 'success', title: TEXT.reactivatedTitle, message: TEXT.reactivated });
  };

  const attachCard = async (card: SavedCard) => {
    const attached = await changes.attachCard(card.id);
    if (!attached) return false;
    notify({
      intent: 'success',
      title: MEMBERSHIP_MESSAGES.cardAttachedTitle,
      message: MEMBERSHIP_MESSAGES.cardAttached,
    });
    return true;
  };

  const planLine =
    dialog?.kind === 'plan' ? m.billingMemberships.find((l) => l.id === dialog.lineId) : undefined;
  const GiveBackForm = refundVoidForm;

  return (
    <div className={styles.root}>
      <MembershipPills membership={m} />
      <MembershipAlerts
        membership={m}
        actions={actions}
        reminding={busy === 'decline'}
        onProcessPastDue={() => setDialog({ kind: 'payment' })}
        onSendReminder={() => void sendDeclineReminder()}
        onChangeCancel={() => setDialog({ kind: 'renewal' })}
        onPreloadDialogs={dialogsPart.prefetch}
      />
      <MembershipPanels
        membership={m}
        actions={actions}
        busy={busy === 'remindAwaiting' || busy === 'sendNewLink' || busy === 'nextYear' ? busy : null}
        onChangeCancel={() => setDialog({ kind: 'renewal' })}
        onRestart={() => setDialog({ kind: 'restart' })}
        onNextYearRenewal={(renew) => void setNextYearRenewal(renew)}
        onReactivate={() => setConfirmingReactivate(true)}
        onChangeCard={() => setCardPicker(true)}
        onRemindAwaiting={() => void remindAwaiting()}
        onSendNewLink={() => (m.enrollment?.linkExpired ? void sendNewLink() : setConfirmingNewLink(true))}
        onCancelMembership={() => setDialog({ kind: 'cancel' })}
        onPreloadDialogs={dialogsPart.prefetch}
        onPreloadCards={cardPickerPart.prefetch}
      />
      <ConfirmDialog
        open={confirmingNewLink}
        title={TEXT.sendNewLink}
        message={TEXT.newLinkConfirm}
        confirmLabel={TEXT.sendNewLink}
        cancelLabel={TEXT.keep}
        busy={busy === 'sendNewLink'}
        onConfirm={() => void sendNewLink()}
        onCancel={() => setConfirmingNewLink(false)}
      />
      <ConfirmDialog
        open={confirmingReactivate}
        title={TEXT.reactivate}
        message={TEXT.reactivateConfirm(
          `${formatCurrency(m.cardTotal)} ${m.cycle === 'YEARLY' ? TEXT.eachYear : TEXT.eachMonth}`,
          m.reactivation?.kind === 'REACTIVATE' ? formatDate(m.reactivation.nextBillingDate) : null,
        )}
        confirmLabel={TEXT.reactivate}
        cancelLabel={TEXT.keep}
        busy={busy === 'reactivate'}
        onConfirm={() => void reactivate()}
        onCancel={() => setConfirmingReactivate(false)}
      />
      <MembershipTabs
        membership={m}
        editable={actions.editEnrollees}
        saving={busy === 'save'}
        onSave={() => void save()}
        canGiveBack={GiveBackForm !== undefined}
      />
      {dialog &&
        (dialog.kind === 'renewal' ||
          dialog.kind === 'restart' ||
          dialog.kind === 'payment' ||
          dialog.kind === 'cancel') && (
          <LazyMembershipDialogs kind={dialog.kind} membership={m} changes={changes} onClose={close} />
        )}
      {planLine && <PlanDetailDialog line={planLine} onClose={close} />}
      <RefundUnavailableDialog open={dialog?.kind === 'refundUnavailable'} onClose={close} />
      {dialog?.kind === 'giveBack' && GiveBackForm && (
        <GiveBackForm
          transactionId={dialog.transactionId}
          action={dialog.action}
          onClose={close}
          onDone={() => void changes.refresh()}
        />
      )}
      {cardPicker !== null && (
        <LazyCardPicker
          open={cardPicker && actions.changeCard}
          purpose="change"
          customerId={m.customerId}
          currentCardId={m.customerSavedCardId}
          hint={DIALOG_TEXT.changeCardHint}
          onClose={() => setCardPicker(false)}
          onChosen={attachCard}
        />
      )}
    </div>
  );
}
