/** The payment request's detail modal (spec part 1, "Payment request (notification) detail modal"). */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  Tooltip,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { PaymentActivityTable } from './PaymentActivityTable.js';
import { patientName, showsActions } from './paymentRequest.js';
import { RequestActions } from './RequestActions.js';
import { RequestPanels } from './RequestPanels.js';
import { RequestTimeline } from './RequestTimeline.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
  pills: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

export interface PaymentRequestModalProps {
  open: boolean;
  notificationId: string;
  request: PaymentRequest | undefined;
  activity: readonly Transaction[];
  loadFailed: boolean;
  canEdit: boolean;
  onRetry: () => void;
  onClose: () => void;
}

const STATUS_LOOK = {
  UNPAID: { color: 'warning', text: 'Unpaid' },
  PAID: { color: 'success', text: 'Paid' },
  CANCELLED: { color: 'subtle', text: 'Cancelled' },
} as const;

export function PaymentRequestModal(props: PaymentRequestModalProps) {
  const { open, notificationId, request, activity, loadFailed, canEdit, onRetry, onClose } = props;
  const styles = useStyles();
  const title = request ? TEXT.title(patientName(request)) : TEXT.title('');
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={request ? title : TEXT.loading}>
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label={TEXT.close}
                icon={<DismissRegular />}
                onClick={onClose}
              />
            }
          >
            {request ? title : TEXT.title('…')}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {request ? (
              <>
                <div className={styles.pills}>
                  <Tooltip content={TEXT.notificationId(notificationId)} relationship="description">
                    <Badge appearance="tint" shape="rounded" tabIndex={0}>
                      {TEXT.patientId(request.patientKey ?? request.customerId)}
                    </Badge>
                  </Tooltip>
                  <Badge appearance="filled" color={STATUS_LOOK[request.status].color}>
                    {STATUS_LOOK[request.status].text}
                  </Badge>
                  {request.cancelled && (
                    <Text size={200}>{TEXT.cancelledOn(formatDateTime(request.cancelled))}</Text>
                  )}
                </div>
                <RequestPanels request={request} />
                {showsActions(request, canEdit) && <RequestActions request={request} />}
                <RequestTimeline request={request} />
                <PaymentActivityTable rows={activity} />
              </>
            ) : loadFailed ? (
              <div>
                <Text>{TEXT.failed}</Text> <Button onClick={onRetry}>{TEXT.tryAgain}</Button>
              </div>
            ) : (
              <Spinner label={TEXT.loading} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{TEXT.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
