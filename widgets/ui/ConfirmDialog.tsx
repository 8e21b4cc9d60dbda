/**
 * "Are you sure?" as an alert dialog: a title, one sentence, Cancel and the action. Escape and
 * Cancel answer no; the action shows a spinner while `busy` and neither button works meanwhile.
 * Works on its own or on top of another dialog (Fluent stacks nested dialogs).
 */
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { FormActions } from './FormActions.js';

const useStyles = makeStyles({
  surface: { maxWidth: '400px' },
});

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** The action's button, e.g. "Remove". */
  confirmLabel: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    message,
    confirmLabel,
    cancelLabel = 'Cancel',
    busy = false,
    onConfirm,
    onCancel,
  } = props;
  const styles = useStyles();
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => !data.open && !busy && onCancel()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <FormActions
              cancelLabel={cancelLabel}
              onCancel={onCancel}
              submitLabel={confirmLabel}
              submitting={busy}
              onSubmit={onConfirm}
            />
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
