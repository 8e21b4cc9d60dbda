/**
 * The modal's alerts: the red past-due alert (Pause Notifications, Make a Payment, Send Reminder and,
 * for a card plan, Retry Declined Payments) with the reason when a retry was declined again, the info
 * alert of a cash or check plan (Automate with Card), and a note while a card charge of the plan is
 * under way. The actions show only to callers who may change plans (the caller decides).
 */
import {
  Button,
  Checkbox,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { showsCashAlert, showsPastDueAlert, type PlanActions } from './paymentPlan.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  alerts: { display: 'flex', flexDirection: 'column', gap: '8px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

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
  const styles = useStyles();
  const pastDue = showsPastDueAlert(plan);
  const cash = showsCashAlert(plan);
  if (!pastDue && !cash && !plan.chargeInProgress) return null;
  return (
    <div className={styles.alerts}>
      {pastDue && (
        <MessageBar intent="error" layout="multiline" aria-label={TEXT.pastDueTitle}>
          <MessageBarBody>
            <MessageBarTitle>{TEXT.pastDueTitle}</MessageBarTitle>
            {TEXT.pastDue(formatCurrency(plan.balancePastDue))}
            {!actions.pastDue && !plan.isNotifyingForPastDuePayments && ` ${TEXT.notificationsPaused}`}
          </MessageBarBody>
          {actions.pastDue && (
            <MessageBarActions>
              <div className={styles.actions}>
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
              </div>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {pastDue && props.retryDeclined !== null && (
        <MessageBar intent="error" layout="multiline" aria-label={TEXT.retryDeclinedTitle}>
          <MessageBarBody>
            <MessageBarTitle>{TEXT.retryDeclinedTitle}</MessageBarTitle>
            {props.retryDeclined}
          </MessageBarBody>
        </MessageBar>
      )}
      {cash && (
        <MessageBar intent="info" layout="multiline" aria-label={TEXT.cashTitle}>
          <MessageBarBody>
            <MessageBarTitle>{TEXT.cashTitle}</MessageBarTitle>
            {TEXT.cash}
          </MessageBarBody>
          {actions.automate && (
            <MessageBarActions>
              <Button
                size="small"
                onPointerEnter={props.onPreloadCards}
                onFocus={props.onPreloadCards}
                onClick={props.onAutomate}
              >
                {TEXT.automate}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {plan.chargeInProgress && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{TEXT.chargeInProgress}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
