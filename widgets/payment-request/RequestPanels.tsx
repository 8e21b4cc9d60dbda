/**
 * The modal's panels: e-mail, mobile, last reminder (with its history), amount requested (with when
 * its link stops working) or paid.
 */
import { Caption1, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import { isSurcharged } from './paymentRequest.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  // Two by two in the modal (an e-mail address fits on its line), one column when narrow.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: '12px' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  list: { margin: 0, paddingLeft: '16px' },
});

function Panel(props: { label: string; children: React.ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} aria-label={props.label}>
      <Caption1>{props.label}</Caption1>
      {props.children}
    </section>
  );
}

export function RequestPanels({ request }: { request: PaymentRequest }) {
  const styles = useStyles();
  const paid = request.status === 'PAID';
  return (
    <div className={styles.grid}>
      <Panel label={TEXT.email}>
        <Subtitle2>{request.eMail || TEXT.none}</Subtitle2>
      </Panel>
      <Panel label={TEXT.mobile}>
        <Subtitle2>{request.toPhone ? formatPhone(request.toPhone) : TEXT.none}</Subtitle2>
      </Panel>
      <Panel label={TEXT.lastReminder}>
        <Subtitle2>{request.resent ? formatDateTime(request.resent) : TEXT.noReminder}</Subtitle2>
        {request.notificationsResent.length > 0 && (
          <ul className={styles.list} aria-label={TEXT.reminderHistory}>
            {request.notificationsResent.map((r, i) => (
              <li key={`${r.dateTime}-${i}`}>
                <Caption1>{formatDateTime(r.dateTime)}</Caption1>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {paid ? (
        <Panel label={TEXT.amountPaid}>
          <Subtitle2>{formatCurrency(request.orderAmount ?? request.amount)}</Subtitle2>
          {isSurcharged(request) && (
            <>
              <Text size={200}>
                {TEXT.surcharge}: {formatCurrency(request.surchargeAmount)}
              </Text>
              <Text size={200}>
                {TEXT.cardProcessed}: {formatCurrency(request.total)}
              </Text>
            </>
          )}
        </Panel>
      ) : (
        <Panel label={TEXT.amountRequested}>
          <Subtitle2>{formatCurrency(request.amount)}</Subtitle2>
          {request.status === 'UNPAID' && (
            <Text size={200}>
              {(request.linkExpired ? TEXT.linkExpiredOn : TEXT.linkWorksUntil)(
                formatDateTime(request.linkExpires),
              )}
            </Text>
          )}
        </Panel>
      )}
    </div>
  );
}
