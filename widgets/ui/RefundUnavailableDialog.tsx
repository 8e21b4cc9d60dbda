/**
 * 'Refund Unavailable' (part 1 section 8, part 2 section 8): the payment is past the 180-day window.
 * A plan's ledger and the transactions list say it alike.
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
} from '@fluentui/react-components';
import { PLAN_MESSAGES } from '../../embed-sdk/contract/paymentPlan.js';

const useStyles = makeStyles({ surface: { maxWidth: '400px' } });

export function RefundUnavailableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{PLAN_MESSAGES.refundUnavailableTitle}</DialogTitle>
          <DialogContent>{PLAN_MESSAGES.refundUnavailable}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
