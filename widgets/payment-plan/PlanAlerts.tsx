/**
 * The modal's alerts: the red past-due alert (Pause Notifications, Make a Payment, Send Reminder and,
 * for a card plan, Retry Declined Payments) with the reason when a retry was declined again, the info
 * alert of a cash or check plan (Automate with Card), and a note while a card charge of the plan is
 * under way. The actions show only to callers who may change plans (the caller decides).
 */
import { Button, Checkbox, Spinner } from '@fluentui/react-components';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { showsCashAlert, showsPastDueAlert, type PlanActions } from './paymentPlan.js';
import { AlertStack, ChargeInProgressNote, DetailAlert } from '../ui/DetailAlerts.js';
import { TEXT } from './texts.js';

export type AlertBusy = 'notify' | 'remind' | 'retry' | null;

export interface PlanAlertsProps {
  plan: PaymentPlan;
  actions: PlanActions;
  busy: AlertBusy;
  /** Pause Notifications' state (the person's choice while it is being saved). */
  paused: boolean;
  onPauseChange: (paused: boolean) => void;
  onMakePayment: () => void;
  onSendReminder: () => void;
  onRetryDeclines: () => void;
  /** Why the card declined again when the declined payments were last retried (null: not declined). */
  retryDeclined: string | null;
  onAutomate: () => void;
  /** Loads the payment dialog's code ahead of a click. */
  onPreloadPayment: () => void;
  onPreloadCards: () => void;
}

export function PlanAlerts(props: PlanAlertsProps) {
  const { plan, actions, busy } = props;
  const pastDue = showsPastDueAlert(plan);
  const cash = showsCashAlert(plan);
  if (!pastDue && !cash && !plan.chargeInProgress) return null;
  return (
    <AlertStack>
      {pastDue && (
        <DetailAlert
          intent="error"
          title={TEXT.pastDueTitle}
          actions={
            actions.pastDue && (
              <>
                <Checkbox
                  label={TEXT.pauseNotifications}
                  checked={props.paused}
                  disabled={busy === 'notify'}
                  onChange={(_e, data) => props.onPauseChange(data.checked === true)}
                />
                <Button
                  size="small"
                  appearance="primary"
                  disabled={plan.chargeInProgress}
                  onPointerEnter={props.onPreloadPayment}
                  onFocus={props.onPreloadPayment}
                  onClick={props.onMakePayment}
                >
                  {TEXT.makePayment}
                </Button>
                <Button
                  size="small"
                  disabled={busy === 'remind'}
                  icon={busy === 'remind' ? <Spinner size="extra-tiny" /> : undefined}
                  onClick={props.onSendReminder}
                >
                  {TEXT.sendReminder}
                </Button>
                {actions.retryDeclines && (
                  <Button
                    size="small"
                    disabled={busy === 'retry' || plan.chargeInProgress}
                    icon={busy === 'retry' ? <Spinner size="extra-tiny" /> : undefined}
                    onClick={props.onRetryDeclines}
                  >
                    {TEXT.retryDeclines}
                  </Button>
                )}
              </>
            )
          }
        >
          {TEXT.pastDue(formatCurrency(plan.balancePastDue))}
          {!actions.pastDue && !plan.isNotifyingForPastDuePayments && ` ${TEXT.notificationsPaused}`}
        </DetailAlert>
      )}
      {pastDue && props.retryDeclined !== null && (
        <DetailAlert intent="error" title={TEXT.retryDeclinedTitle}>
          {props.retryDeclined}
        </DetailAlert>
      )}
      {cash && (
        <DetailAlert
          intent="info"
          title={TEXT.cashTitle}
          actions={
            actions.automate && (
              <Button
                size="small"
                onPointerEnter={props.onPreloadCards}
                onFocus={props.onPreloadCards}
                onClick={props.onAutomate}
              >
                {TEXT.automate}
              </Button>
            )
          }
        >
          {TEXT.cash}
        </DetailAlert>
      )}
      {plan.chargeInProgress && <ChargeInProgressNote>{TEXT.chargeInProgress}</ChargeInProgressNote>}
    </AlertStack>
  );
}
