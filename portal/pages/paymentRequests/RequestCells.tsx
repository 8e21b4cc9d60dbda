/**
 * What a payment request's row shows, the same on the Payment Requests page and on the patient page:
 * its status as a badge, and its amount (a paid request's total, with the amount and the surcharge
 * under it when there was one).
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import type { PaymentRequest } from '../../../embed-sdk/contract/paymentRequest.js';

const useStyles = makeStyles({
  surcharge: { display: 'block', color: tokens.colorNeutralForeground2 },
});

const STATUS_BADGE = {
  UNPAID: { color: 'warning', label: 'Unpaid' },
  PAID: { color: 'success', label: 'Paid' },
  CANCELLED: { color: 'subtle', label: 'Cancelled' },
} as const;

export function RequestStatus({ request }: { request: Pick<PaymentRequest, 'status'> }) {
  const badge = STATUS_BADGE[request.status];
  return (
    <Badge appearance="tint" color={badge.color}>
      {badge.label}
    </Badge>
  );
}

export function RequestAmount({ request }: { request: PaymentRequest }) {
  const styles = useStyles();
  if (request.status === 'PAID' && request.surchargeAmount > 0) {
    return (
      <>
        {formatCurrency(request.total)}
        <Text size={200} className={styles.surcharge}>
          {`${formatCurrency(request.orderAmount ?? request.amount)} + ${formatCurrency(request.surchargeAmount)} surcharge`}
        </Text>
      </>
    );
  }
  return (
    <>
      {formatCurrency(request.status === 'PAID' ? (request.orderAmount ?? request.amount) : request.amount)}
    </>
  );
}
