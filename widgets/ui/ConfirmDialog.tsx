/**
 * "Are you sure?" as an alert dialog: a title, one sentence, Cancel and the action. Escape and
 * Cancel answer no; the action shows a spinner while `busy` and neither button works meanwhile.
 * Works on its own or on top of another dialog (Fluent stacks nested dialogs).
 *
 * Opened by code rather than by a DialogTrigger (Escape on a form, a row's button), Fluent has
 * nowhere to give the focus back when it closes, and it fell to the page: a dialog under it then no
 * longer heard Escape. The element that had the focus when it opened gets it back, unless the answer
 * moved the focus somewhere itself or took that element away.
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
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { FormActions } from './FormActions.js';

const useStyles = makeStyles({
  surface: { maxWidth: '400px' },
});

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** One sentence, or a few lines naming what the action is about. */
  message: ReactNode;
  /** The action's button, e.g. "Remove". */
  confirmLabel: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  busy?: boolean;
  /** The action cannot be undone: its button wears the danger colour. @default false */
  danger?: boolean;
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
  // Read before Fluent moves the focus into the dialog (its effect runs after this layout effect).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = focusedElement();
  }, [open]);
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => !data.open && !busy && onCancel()}>
      <DialogSurface className={styles.surface}>
        <GiveFocusBack opener={opener} />
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
              danger={props.danger}
            />
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The element with the focus, inside shadow roots too (our widgets live in them). */
function focusedElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** Mounted with the dialog's content: once it is gone (after Fluent's exit), the opener gets the focus back. */
function GiveFocusBack({ opener }: { opener: RefObject<HTMLElement | null> }) {
  useEffect(
    () => () => {
      const element = opener.current;
      const lost = () => {
        const now = focusedElement();
        return now === null || now === document.body;
      };
      // After Fluent's own attempt, which runs as the surface goes.
      setTimeout(() => {
        if (element?.isConnected && lost()) element.focus();
      });
    },
    [opener],
  );
  return null;
}
