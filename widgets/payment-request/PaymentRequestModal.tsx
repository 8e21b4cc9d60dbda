/**
 * The payment request's detail modal (spec part 1, "Payment request (notification) detail modal"):
 * its frame, which paints first (the title, Close, a spinner), and its body, which loads on demand
 * (LazyRequestDetails) while the request's data does.
 */
import {
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
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { LazyRequestDetails } from './LazyRequestDetails.js';
import { patientName } from './paymentRequest.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

export interface PaymentRequestModalProps {
  open: boolean;
  request: PaymentRequest | undefined;
  activity: readonly Transaction[];
  loadFailed: boolean;
  canEdit: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** After Send Reminder, with the request as the server changed it. */
  onReminded?: (request: PaymentRequest) => void;
  /** After Cancel was confirmed, with the request as the server changed it. */
  onCancelled?: (request: PaymentRequest) => void;
}

export function PaymentRequestModal(props: PaymentRequestModalProps) {
  const { open, request, activity, loadFailed, canEdit, onRetry, onClose, onReminded, onCancelled } = props;
  const styles = useStyles();
  const title = TEXT.title(request ? patientName(request) : '…');
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
            {title}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {request ? (
              <LazyRequestDetails
                request={request}
                activity={activity}
                canEdit={canEdit}
                onReminded={onReminded}
                onCancelled={onCancelled}
              />
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
