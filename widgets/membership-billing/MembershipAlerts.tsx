/**
 * The modal's alerts: the past-due alert (Process Past Due, Send Reminder), with the next retry of
 * the declined charge or that the retries are used up; the expiring alert ('expire in N day(s)',
 * Change/Cancel) under the spec's four conditions; and a note while a card charge is under way.
 * Each action shows only to those whose roles allow it (`actions`).
 */
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import {
  expiringAlert,
  showsPastDueAlert,
  type Membership,
  type MembershipActions,
} from './membershipView.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  alerts: { display: 'flex', flexDirection: 'column', gap: '8px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

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
  const styles = useStyles();
  const pastDue = showsPastDueAlert(m);
  const expiring = expiringAlert(m);
  if (!pastDue && !expiring && !m.chargeInProgress) return null;
  const preload = { onPointerEnter: props.onPreloadDialogs, onFocus: props.onPreloadDialogs };
  return (
    <div className={styles.alerts}>
      {pastDue && (
        <MessageBar intent="error" layout="multiline" aria-label={TEXT.pastDueTitle}>
          <MessageBarBody>
            <MessageBarTitle>{TEXT.pastDueTitle}</MessageBarTitle>
            {TEXT.pastDue(formatCurrency(m.balance))}
            {m.nextRetryDate && ` ${TEXT.nextRetry(formatDate(m.nextRetryDate))}`}
            {!m.nextRetryDate && m.retriesExhausted && ` ${TEXT.retriesExhausted}`}
          </MessageBarBody>
          {(actions.processPastDue || actions.sendDeclineReminder) && (
            <MessageBarActions>
              <div className={styles.actions}>
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
              </div>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {expiring && (
        <MessageBar intent="warning" layout="multiline" aria-label={TEXT.expiringTitle}>
          <MessageBarBody>
            <MessageBarTitle>{TEXT.expiringTitle}</MessageBarTitle>
            {expiring}
          </MessageBarBody>
          {actions.changeCancel && (
            <MessageBarActions>
              <Button size="small" onClick={props.onChangeCancel} {...preload}>
                {TEXT.changeCancel}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {m.chargeInProgress && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{TEXT.chargeInProgress}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
