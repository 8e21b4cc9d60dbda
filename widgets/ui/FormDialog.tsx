/**
 * The form dialog shell every capability's form dialog uses (New Payment Request, New Payment Plan,
 * the plan's payment and adjustment, the patient form, the card request…): a modal with a title,
 * its form, the form's error area, and Cancel plus a Submit that shows a spinner while the form is
 * being sent and is disabled when it cannot be sent.
 *
 * - `FormDialog` is the modal. Escape and the backdrop close it (not while `busy`). Its child holds
 *   the form's state; a caller that wants each opening to start afresh mounts it only while open.
 * - `DialogForm` is the form inside it: title, fields, error area, actions.
 * - `FormActions` is the Cancel and Submit pair alone, for a view that lays out its own frame (the
 *   stored cards' views, the card picker, the confirmation).
 * - `FormError` is the error area: what the server or the card said, inside the dialog, which covers
 *   the page's banners.
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
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
  type DialogProps,
} from '@fluentui/react-components';
import type { FormEvent, ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  surface: { maxWidth: '520px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  action: { whiteSpace: 'nowrap' },
  // An action that cannot be undone: the theme's danger colours, in both themes.
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorStatusDangerBackground3Hover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorStatusDangerBackground3Pressed,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

export interface FormDialogProps {
  open: boolean;
  /** The dialog's accessible name (its title). */
  label?: string;
  /** Escape, the backdrop or a close button asked to close. */
  onClose: () => void;
  /** While true (the form is being sent) the dialog does not close. @default false */
  busy?: boolean;
  /** @default 'modal' */
  modalType?: DialogProps['modalType'];
  /** The surface's own class, e.g. a wider form. @default 520 px wide at most */
  className?: string;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const { open, label, onClose, busy = false, modalType, className, children } = props;
  const styles = useStyles();
  return (
    <Dialog
      open={open}
      modalType={modalType}
      onOpenChange={(_event, data) => !data.open && !busy && onClose()}
    >
      <DialogSurface className={mergeClasses(styles.surface, className)} aria-label={label}>
        {children}
      </DialogSurface>
    </Dialog>
  );
}

export interface FormActionsProps {
  submitLabel: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  onCancel: () => void;
  /** The form is being sent: the Submit shows a spinner and neither button works. */
  submitting: boolean;
  /** False when the form cannot be sent (e.g. no channel on). @default true */
  canSubmit?: boolean;
  /** Without it the Submit submits its form; with it, it is a plain button that calls this. */
  onSubmit?: () => void;
  /** The Submit's icon when not sending (e.g. Send). */
  submitIcon?: ReactElement;
  /** The Submit does what cannot be undone: it wears the danger colour. @default false */
  danger?: boolean;
}

export function FormActions(props: FormActionsProps) {
  const { submitLabel, cancelLabel = 'Cancel', onCancel, submitting, canSubmit = true } = props;
  const { onSubmit, submitIcon } = props;
  const styles = useStyles();
  return (
    <>
      <Button type="button" appearance="secondary" disabled={submitting} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        appearance="primary"
        className={mergeClasses(styles.action, props.danger && !submitting && canSubmit && styles.danger)}
        disabled={submitting || !canSubmit}
        data-intent={props.danger ? 'danger' : undefined}
        icon={submitting ? <Spinner size="extra-tiny" /> : submitIcon}
        onClick={onSubmit}
      >
        {submitLabel}
      </Button>
    </>
  );
}

export interface FormErrorProps {
  message: ReactNode;
  title?: string;
}

/** The form's error area; nothing when there is no error. */
export function FormError({ message, title }: FormErrorProps) {
  if (!message) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {message}
      </MessageBarBody>
    </MessageBar>
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
