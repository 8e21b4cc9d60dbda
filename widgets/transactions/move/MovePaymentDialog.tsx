/**
 * Move Payment (spec part 2, "Move payment"): a search box with a Search button, a radio list of
 * patients ('No patients found.'), the practice system's warning (Open Dental moves the payment
 * there too; other systems must be updated by hand), and 'Move Payment to {first} {last}'. Success
 * says 'Patient Changed'.
 */
import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { GatewayCode } from '../../../embed-sdk/contract/common.js';
import type { Patient } from '../../../embed-sdk/contract/patient.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import type { TransactionMovedDetail } from '../../../embed-sdk/events.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { useNotify } from '../../runtime/useBanners.js';
import { DialogForm, FormDialog } from '../../ui/FormDialog.js';
import { PatientSearchForm } from '../PatientSearchForm.js';
import { MOVE_TEXT } from '../dialogTexts.js';
import { patientCell, transactionIdOf } from '../transactionView.js';
import { useTransactionChanges } from '../useTransactionChanges.js';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface MovePaymentDialogProps {
  transaction: Transaction;
  gatewayCode: GatewayCode | undefined;
  onClose: () => void;
  onMoved?: (detail: TransactionMovedDetail) => void;
}

function MoveForm({ transaction: t, gatewayCode, onClose, onMoved }: MovePaymentDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const changes = useTransactionChanges();
  const [chosen, setChosen] = useState<Patient | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    const moved = await changes.move(t.id, t.referenceId, chosen.key);
    setBusy(false);
    if (!moved) return; // the banner says why
    notify({ intent: 'success', title: MOVE_TEXT.changedTitle, message: MOVE_TEXT.changed });
    onMoved?.({
      id: moved.id,
      referenceId: moved.referenceId,
      customerId: moved.customerId,
      fromCustomerId: t.customerId,
    });
    onClose();
  };
  return (
    <DialogForm
      title={MOVE_TEXT.title}
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
      onCancel={onClose}
      cancelLabel={MOVE_TEXT.cancel}
      submitLabel={chosen ? MOVE_TEXT.moveTo(chosen.firstName, chosen.lastName) : MOVE_TEXT.title}
      submitting={busy}
      canSubmit={chosen !== null}
      contentClassName={styles.content}
    >
      <Text className={styles.muted}>
        {`${transactionIdOf(t.referenceId)} · ${formatCurrency(t.amount)} · ${patientCell(t).text}`}
      </Text>
      <PatientSearchForm
        text={MOVE_TEXT}
        exclude={(p) => p.key === t.customerKey}
        chosen={chosen}
        onChoose={setChosen}
      />
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          {gatewayCode === 'OPENDENTAL' ? MOVE_TEXT.openDentalWarning : MOVE_TEXT.otherWarning}
        </MessageBarBody>
      </MessageBar>
    </DialogForm>
  );
}

export function MovePaymentDialog(props: MovePaymentDialogProps) {
  const styles = useStyles();
  return (
    <FormDialog open label={MOVE_TEXT.title} onClose={props.onClose} className={styles.surface}>
      <MoveForm {...props} />
    </FormDialog>
  );
}
