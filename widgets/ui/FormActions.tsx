/**
 * The Cancel and Submit pair of every form (FormDialog's forms, the stored cards' views, the card
 * picker, the confirmation): Cancel, then the Submit, which shows a spinner while the form is being
 * sent and is disabled when it cannot be sent.
 */
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';

const useStyles = makeStyles({
  // A label on one line ("Keep Editing" wrapped in a 400 px confirmation).
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
      <Button
        type="button"
        appearance="secondary"
        className={styles.action}
        disabled={submitting}
        onClick={onCancel}
      >
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
