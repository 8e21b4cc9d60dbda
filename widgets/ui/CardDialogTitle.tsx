/**
 * The title of the dialogs about a patient's cards (Stored Cards, Add New Card, Card Request): what
 * the dialog is for, the patient's name under it, so the front desk sees whose card it is, and a
 * close button.
 */
import { Button, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { CARD_DIALOG_TEXT } from './cardDialogTexts.js';
import { useCustomer } from './customer.js';

const useStyles = makeStyles({
  title: { display: 'flex', flexDirection: 'column' },
  patient: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function CardDialogTitle(props: { title: string; customerId: number; onClose: () => void }) {
  const styles = useStyles();
  const patient = useCustomer(props.customerId, true).data;
  return (
    <DialogTitle
      action={
        <Button
          appearance="subtle"
          aria-label={CARD_DIALOG_TEXT.close}
          icon={<DismissRegular />}
          onClick={props.onClose}
        />
      }
    >
      <span className={styles.title}>
        <span>{props.title}</span>
        {patient ? (
          <span className={styles.patient}>
            {patient.firstName} {patient.lastName}
          </span>
        ) : null}
      </span>
    </DialogTitle>
  );
}
