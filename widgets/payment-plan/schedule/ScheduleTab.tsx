/**
 * The payment plan modal's Schedule tab (part 2, "Payment plan schedule table"): the plan's rows
 * with their dates, amounts (and surcharge and total when the plan has one), edit mode, and each
 * unprocessed row's actions for people with EDITPAYMENTPLANS: Edit, Process Payment, and the three
 * skips, each confirmed first when it moves money. The modal passes the plan and re-reads it after
 * a change (`onChanged`).
 */
import {
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  PLAN_MESSAGES,
  type PaymentPlan,
  type PaymentPlanDetail,
  type SkipAction,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { formatIsoDay } from '../../../embed-sdk/format/index.js';
import { lineSurcharge } from '../../../embed-sdk/rules/surcharge.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useNotify } from '../../runtime/useBanners.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { CARD_BRAND_NAMES } from '../../ui/cardBrands.js';
import { lastOpenRow, nextOpenRow, rowActions, rowName, type ScheduleAction } from './schedule.js';
import { ScheduleEditRow } from './ScheduleEditRow.js';
import { ScheduleRow } from './ScheduleRow.js';
import { SCHEDULE_TEXT } from './texts.js';
import { usePlanPermissions } from './usePlanPermissions.js';
import { useScheduleChanges, type DetailUpdate } from './useScheduleChanges.js';
import { useScheduleStyles } from './useScheduleStyles.styles.js';

export interface ScheduleTabProps {
  plan: PaymentPlan;
  /** Reads the plan again after a change. */
  onChanged: () => unknown;
  /** Opens the modal's 'Make a Payment' (offered on a cash plan's next payment). */
  onMakePayment?: () => void;
}

type Pending = { action: 'processNow' | SkipAction; detail: PaymentPlanDetail };

interface Words {
  title: string;
  message: string;
  confirmLabel: string;
}

function confirmation(plan: PaymentPlan, { action, detail }: Pending): Words {
  const name = rowName(detail);
  switch (action) {
    case 'processNow': {
      const card = plan.card ? `${CARD_BRAND_NAMES[plan.card.cardType]} ${plan.card.description}` : null;
      return {
        title: SCHEDULE_TEXT.processPayment,
        message: SCHEDULE_TEXT.processMessage(detail.amountDue, lineSurcharge(detail.amountDue, plan), card),
        confirmLabel: SCHEDULE_TEXT.processPayment,
      };
    }
    case 'NEXT': {
      const target = nextOpenRow(plan.paymentPlanDetails, detail);
      return {
        title: SCHEDULE_TEXT.skipNext,
        message: target
          ? SCHEDULE_TEXT.skipNextMessage(name, detail.amountDue, rowName(target), target.billingDate)
          : SCHEDULE_TEXT.skipNewMessage(name, detail.amountDue),
        confirmLabel: SCHEDULE_TEXT.skipConfirm,
      };
    }
    case 'LAST': {
      const target = lastOpenRow(plan.paymentPlanDetails);
      return {
        title: SCHEDULE_TEXT.skipLast,
        message: target
          ? SCHEDULE_TEXT.skipLastMessage(name, detail.amountDue, rowName(target), target.billingDate)
          : SCHEDULE_TEXT.skipNewMessage(name, detail.amountDue),
        confirmLabel: SCHEDULE_TEXT.skipConfirm,
      };
    }
    case 'MOVEEND':
      return {
        title: SCHEDULE_TEXT.skipNew,
        message: SCHEDULE_TEXT.skipNewMessage(name, detail.amountDue),
        confirmLabel: SCHEDULE_TEXT.skipConfirm,
      };
  }
}

export function ScheduleTab({ plan, onChanged, onMakePayment }: ScheduleTabProps) {
  const styles = useScheduleStyles();
  const notify = useNotify();
  const permissions = usePlanPermissions();
  const changes = useScheduleChanges(plan.id);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [pending, setPending] = useState<(Pending & { words: Words }) | null>(null);
  // The dialog keeps its words while it closes.
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server's day (a sandbox's clock may be ahead of the browser's).
  const today = formatIsoDay(useSdk().now());
  const details = plan.paymentPlanDetails;
  const editing = details.find((d) => d.id === editingId && !d.processedToLedger) ?? null;
  const locked = plan.chargeInProgress || busy;

  const onAction = (detail: PaymentPlanDetail, action: ScheduleAction) => {
    if (action === 'edit') setEditingId(detail.id);
    else if (action === 'makePayment') onMakePayment?.();
    else {
      setPending({ action, detail, words: confirmation(plan, { action, detail }) });
      setConfirming(true);
    }
  };

  const save = async (change: DetailUpdate) => {
    const updated = await changes.update(change);
    if (!updated) return false;
    setEditingId(null);
    notify({ intent: 'success', message: PLAN_MESSAGES.updated });
    await onChanged();
    return true;
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const { action, detail } = pending;
    if (action === 'processNow') {
      const answer = await changes.processNow(detail.id);
      if (answer?.outcome.isApproved) {
        notify({ intent: 'success', title: SCHEDULE_TEXT.approvedTitle, message: PLAN_MESSAGES.approved });
      } else if (answer) {
        notify({
          intent: 'danger',
          title: SCHEDULE_TEXT.declinedTitle,
          message: answer.outcome.reason ?? SCHEDULE_TEXT.declinedFallback,
        });
      }
      if (answer) await onChanged();
    } else {
      const updated = await changes.skip(detail.id, action);
      if (updated) {
        notify({ intent: 'success', message: PLAN_MESSAGES.planUpdated });
        await onChanged();
      }
    }
    setBusy(false);
    setConfirming(false);
  };

  return (
    <div className={styles.root}>
      {plan.chargeInProgress && (
        <MessageBar intent="info">
          <MessageBarBody>{SCHEDULE_TEXT.chargeInProgress}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.scroller}>
        <Table aria-label={SCHEDULE_TEXT.table} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.cycleCell}>{SCHEDULE_TEXT.cycle}</TableHeaderCell>
              <TableHeaderCell>{SCHEDULE_TEXT.date}</TableHeaderCell>
              <TableHeaderCell className={styles.numberColumn} button={{ className: styles.headerNumber }}>
                {SCHEDULE_TEXT.amount}
              </TableHeaderCell>
              {plan.hasSurcharge && (
                <>
                  <TableHeaderCell
                    className={styles.numberColumn}
                    button={{ className: styles.headerNumber }}
                  >
                    {SCHEDULE_TEXT.surcharge}
                  </TableHeaderCell>
                  <TableHeaderCell
                    className={styles.numberColumn}
                    button={{ className: styles.headerNumber }}
                  >
                    {SCHEDULE_TEXT.total}
                  </TableHeaderCell>
                </>
              )}
              <TableHeaderCell className={styles.actionCell}>{SCHEDULE_TEXT.action}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {details.length === 0 && (
              <TableRow>
                <TableCell colSpan={plan.hasSurcharge ? 6 : 4}>{SCHEDULE_TEXT.noRows}</TableCell>
              </TableRow>
            )}
            {details.map((detail) =>
              editing?.id === detail.id ? (
                <ScheduleEditRow
                  key={detail.id}
                  plan={plan}
                  detail={detail}
                  onSave={save}
                  onCancel={() => setEditingId(null)}
                />
              ) : (
                <ScheduleRow
                  key={detail.id}
                  plan={plan}
                  detail={detail}
                  today={today}
                  actions={rowActions(plan, detail, permissions, { canMakePayment: !!onMakePayment })}
                  actionsDisabled={locked || editing !== null}
                  onAction={(action) => onAction(detail, action)}
                />
              ),
            )}
          </TableBody>
        </Table>
      </div>
      <ConfirmDialog
        open={confirming && pending !== null}
        title={pending?.words.title ?? ''}
        message={pending?.words.message ?? ''}
        confirmLabel={pending?.words.confirmLabel ?? ''}
        cancelLabel={SCHEDULE_TEXT.keep}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
