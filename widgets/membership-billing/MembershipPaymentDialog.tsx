/**
 * 'Make Payment For {name}' (Process Past Due): an amount, required and money (section 5), charged
 * to the card on file with its surcharge, paying the past-due balance first; 'Process Transaction'.
 * The surcharge and the total the card is charged show before the click (ui/SurchargeLines.tsx, as
 * Payment Plan Payment shows them).
 * One idempotency key per attempt: a retry after no answer is the same charge, a new try after an
 * answer gets a new key. Approved: 'Transaction Approved' with the transaction ID; declined:
 * 'Transaction Declined' with the reason, in the dialog.
 */
import { Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { membershipPaymentAmount } from '../../embed-sdk/rules/memberships.js';
import { centsToMoneyInput } from '../../embed-sdk/validation/money.js';
import { useNotify } from '../runtime/useBanners.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import { FormError } from '../ui/FormError.js';
import { MONEY_INPUT } from '../ui/formFields.js';
import { SurchargeLines } from '../ui/SurchargeLines.js';
import { patientName } from './membershipView.js';
import type { MembershipDialogProps } from './RenewalOptionsDialog.js';
import { DIALOG_TEXT, MEMBERSHIP_MESSAGES } from './texts.js';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function MembershipPaymentDialog({ membership: m, changes, onClose }: MembershipDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [text, setText] = useState(m.balance > 0 ? centsToMoneyInput(m.balance) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const title = DIALOG_TEXT.paymentTitle(patientName(m));
  const typed = membershipPaymentAmount(text);

  const submit = async () => {
    const amount = membershipPaymentAmount(text);
    if ('problem' in amount) return setProblem(amount.problem);
    setProblem(null);
    setDeclined(null);
    setBusy(true);
    const outcome = await changes.pay(amount.cents, key);
    setBusy(false);
    if (outcome === null) return; // the banner says why; trying again is the same charge
    setKey(crypto.randomUUID());
    if (outcome.kind === 'declined') {
      setDeclined(outcome.reason ?? '');
      return;
    }
    notify({
      intent: 'success',
      title: MEMBERSHIP_MESSAGES.transactionApproved,
      message: `${MEMBERSHIP_MESSAGES.paymentProcessed}. ${DIALOG_TEXT.transactionId(outcome.transactionId ?? '')}`,
    });
    onClose();
  };

  return (
    <FormDialog open label={title} onClose={onClose} busy={busy}>
      <DialogForm
        title={title}
        onSubmit={(event) => {
          event.preventDefault();
          return submit();
        }}
        submitLabel={DIALOG_TEXT.processTransaction}
        cancelLabel={DIALOG_TEXT.cancel}
        onCancel={onClose}
        submitting={busy}
        canSubmit={m.card !== null}
        contentClassName={styles.content}
        error={
          <FormError
            title={declined !== null ? MEMBERSHIP_MESSAGES.transactionDeclined : undefined}
            message={
              declined !== null ? declined || DIALOG_TEXT.declined : m.card ? null : DIALOG_TEXT.noCard
            }
          />
        }
      >
        <Field
          label={DIALOG_TEXT.amount}
          required
          validationMessage={problem ?? undefined}
          hint={m.balance > 0 ? DIALOG_TEXT.pastDueHint(formatCurrency(m.balance)) : undefined}
        >
          <Input {...MONEY_INPUT} value={text} disabled={busy} onChange={(_e, data) => setText(data.value)} />
        </Field>
        {m.card && <Text className={styles.muted}>{DIALOG_TEXT.chargedTo(`${m.card.description}`)}</Text>}
        <SurchargeLines
          cardId={m.card?.isActive ? m.card.id : null}
          amount={'cents' in typed ? typed.cents : null}
        />
      </DialogForm>
    </FormDialog>
  );
}
