/**
 * The form dialog shell every capability's form dialog uses (New Payment Request, New Payment Plan,
 * the plan's payment and adjustment, the patient form, the card request…): a modal with a title,
 * its form, the form's error area, and Cancel plus a Submit that shows a spinner while the form is
 * being sent and is disabled when it cannot be sent.
 *
 * - `FormDialog` is the modal. Escape and the backdrop close it (not while `busy`). Its child holds
 *   the form's state; a caller that wants each opening to start afresh mounts it only while open.
 *   While the form holds what the person entered and has not saved (`unsaved`), every way of
 *   closing it without saving asks first, with the product's one discard confirmation: Escape, the
 *   backdrop, and the form's own Cancel or close button through `useCloseFormDialog`.
 * - `DialogForm` is the form inside it: title, fields, error area, actions.
 * - `FormActions` (FormActions.tsx) is the Cancel and Submit pair alone, for a view that lays out its own frame (the
 *   stored cards' views, the card picker, the confirmation).
 * - `FormError` (FormError.tsx) is the error area: what the server or the card said, inside the
 *   dialog, which covers the page's banners.
 */
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  type DialogProps,
} from '@fluentui/react-components';
import {
  createContext,
  useCallback,
  useContext,
  useState,
  type FormEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';
import { backdropOverGutter, centredInWindow } from './dialogPlacement.js';
import { FormActions, type FormActionsProps } from './FormActions.js';

export { FormActions, type FormActionsProps };

const useStyles = makeStyles({
  surface: { maxWidth: '520px', width: '100%', ...centredInWindow },
  backdrop: backdropOverGutter,
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

/** The discard confirmation's words (not in the spec: worded here). */
export const DISCARD_TEXT = {
  title: 'Discard changes?',
  message: 'What you entered has not been saved and will be lost.',
  discard: 'Discard',
  keepEditing: 'Keep Editing',
} as const;

export interface FormDialogProps {
  open: boolean;
  /** The dialog's accessible name (its title). */
  label?: string;
  /** Escape, the backdrop or a close button asked to close (and the person agreed, when `unsaved`). */
  onClose: () => void;
  /** While true (the form is being sent) the dialog does not close. @default false */
  busy?: boolean;
  /**
   * The form holds what the person entered and has not saved: closing it without saving asks first
   * ("Discard changes?"). @default false
   */
  unsaved?: boolean;
  /** The discard confirmation's sentence, when the form can say what would be lost. @default DISCARD_TEXT.message */
  discardMessage?: string;
  /** @default 'modal' */
  modalType?: DialogProps['modalType'];
  /** The surface's own class, e.g. a wider form. @default 520 px wide at most */
  className?: string;
  children: ReactNode;
}

/** Closes the dialog as Escape does; `then` runs once it has closed (not if the person kept editing). */
type CloseFormDialog = (then?: () => void) => void;

const CloseContext = createContext<CloseFormDialog | null>(null);

/**
 * The close of the form dialog around the caller, for its Cancel and close buttons: it asks first
 * while the form is `unsaved`, as Escape does. Outside a FormDialog, `fallback` closes.
 */
export function useCloseFormDialog(fallback: () => void): CloseFormDialog {
  const close = useContext(CloseContext);
  return useCallback<CloseFormDialog>(
    (then) => {
      if (close) return close(then);
      fallback();
      then?.();
    },
    [close, fallback],
  );
}

export function FormDialog(props: FormDialogProps) {
  const { open, label, onClose, busy = false, unsaved = false, discardMessage } = props;
  const { modalType, className, children } = props;
  const styles = useStyles();
  // What to do once the person agrees to discard (null: not asking).
  const [asking, setAsking] = useState<{ then?: () => void } | null>(null);
  const close = useCallback<CloseFormDialog>(
    (then) => {
      if (busy) return;
      if (unsaved) return setAsking({ then });
      onClose();
      then?.();
    },
    [busy, unsaved, onClose],
  );
  const discard = () => {
    const then = asking?.then;
    setAsking(null);
    onClose();
    then?.();
  };
  return (
    <Dialog open={open} modalType={modalType} onOpenChange={(_event, data) => !data.open && close()}>
      <DialogSurface
        className={mergeClasses(styles.surface, className)}
        backdrop={{ className: styles.backdrop }}
        aria-label={label}
      >
        <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
        <ConfirmDialog
          open={asking !== null}
          title={DISCARD_TEXT.title}
          message={discardMessage ?? DISCARD_TEXT.message}
          confirmLabel={DISCARD_TEXT.discard}
          cancelLabel={DISCARD_TEXT.keepEditing}
          danger
          onConfirm={discard}
          onCancel={() => setAsking(null)}
        />
      </DialogSurface>
    </Dialog>
  );
}

export interface DialogFormProps extends Omit<FormActionsProps, 'onSubmit'> {
  title: ReactNode;
  /** A close button beside the title (DialogTitle's action slot). */
  titleAction?: ReactElement;
  /** react-hook-form's handleSubmit(…), or any handler of the form's submit event. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  /** The fields. */
  children: ReactNode;
  /** The form's error area (a FormError), under the fields. */
  error?: ReactNode;
  /** The fields' column, when it needs its own spacing. */
  contentClassName?: string;
}

export function DialogForm(props: DialogFormProps) {
  const { title, titleAction, onSubmit, children, error, contentClassName, ...actions } = props;
  const styles = useStyles();
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogBody>
        <DialogTitle action={titleAction}>{title}</DialogTitle>
        <DialogContent className={contentClassName ?? styles.content}>
          {children}
          {error}
        </DialogContent>
        <DialogActions>
          <FormActions {...actions} />
        </DialogActions>
      </DialogBody>
    </form>
  );
}
