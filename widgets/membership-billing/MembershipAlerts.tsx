/**
 * The modal's alerts: the past-due alert (Process Past Due, Send Reminder), with the next retry of
 * the declined charge or that the retries are used up; the expiring alert ('expire in N day(s)',
 * Change/Cancel) under the spec's four conditions; and a note while a card charge is under way.
 * Each action shows only to those whose roles allow it (`actions`).
 */
import { Button, Spinner } from '@fluentui/react-components';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import {
  expiringAlert,
  showsPastDueAlert,
  type Membership,
  type MembershipActions,
} from './membershipView.js';
import { AlertStack, ChargeInProgressNote, DetailAlert } from '../ui/DetailAlerts.js';
import { TEXT } from './texts.js';

export interface MembershipAlertsProps {
  membership: Membership;
  actions: MembershipActions;
  reminding: boolean;
  onProcessPastDue: () => void;
  onSendReminder: () => void;
  onChangeCancel: () => void;
  onPreloadDialogs: () => void;
}

export function MembershipAlerts(props: MembershipAlertsProps) {
  const { membership: m, actions } = props;
  const pastDue = showsPastDueAlert(m);
  const expiring = expiringAlert(m);
  if (!pastDue && !expiring && !m.chargeInProgress) return null;
  const preload = { onPointerEnter: props.onPreloadDialogs, onFocus: props.onPreloadDialogs };
  return (
    <AlertStack>
      {pastDue && (
        <DetailAlert
          intent="error"
          title={TEXT.pastDueTitle}
          actions={
            (actions.processPastDue || actions.sendDeclineReminder) && (
              <>
                {actions.processPastDue && (
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={m.chargeInProgress || m.card === null}
                    onClick={props.onProcessPastDue}
                    {...preload}
                  >
                    {TEXT.processPastDue}
                  </Button>
                )}
                {actions.sendDeclineReminder && (
                  <Button
                    size="small"
                    disabled={props.reminding}
                    icon={props.reminding ? <Spinner size="extra-tiny" /> : undefined}
                    onClick={props.onSendReminder}
                  >
                    {TEXT.sendReminder}
                  </Button>
                )}
              </>
            )
          }
        >
          {TEXT.pastDue(formatCurrency(m.balance))}
          {m.nextRetryDate && ` ${TEXT.nextRetry(formatDate(m.nextRetryDate))}`}
          {!m.nextRetryDate && m.retriesExhausted && ` ${TEXT.retriesExhausted}`}
        </DetailAlert>
      )}
      {expiring && (
        <DetailAlert
          intent="warning"
          title={TEXT.expiringTitle}
          actions={
            actions.changeCancel && (
              <Button size="small" onClick={props.onChangeCancel} {...preload}>
                {TEXT.changeCancel}
              </Button>
            )
          }
        >
          {expiring}
        </DetailAlert>
      )}
      {m.chargeInProgress && <ChargeInProgressNote>{TEXT.chargeInProgress}</ChargeInProgressNote>}
    </AlertStack>
  );
}
