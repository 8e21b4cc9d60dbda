/** The Patient ID pill (with the notification id on hover or focus), the status, and when it was cancelled. */
import { Badge, makeStyles, Text, Tooltip } from '@fluentui/react-components';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  pills: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

const STATUS_LOOK = {
  UNPAID: { color: 'warning', text: 'Unpaid' },
  PAID: { color: 'success', text: 'Paid' },
  CANCELLED: { color: 'subtle', text: 'Cancelled' },
} as const;

export function RequestPills({ request }: { request: PaymentRequest }) {
  const styles = useStyles();
  return (
    <div className={styles.pills}>
      <Tooltip content={TEXT.notificationId(request.id)} relationship="description">
        <Badge appearance="tint" shape="rounded" tabIndex={0}>
          {TEXT.patientId(request.patientKey ?? request.customerId)}
        </Badge>
      </Tooltip>
      <Badge appearance="filled" color={STATUS_LOOK[request.status].color}>
        {STATUS_LOOK[request.status].text}
      </Badge>
      {request.cancelled && <Text size={200}>{TEXT.cancelledOn(formatDateTime(request.cancelled))}</Text>}
    </div>
  );
}
