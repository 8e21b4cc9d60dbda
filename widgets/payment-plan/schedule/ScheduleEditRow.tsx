/**
 * A row in edit mode (part 2): the billing date (a date picker bounded as section 5 says), a
 * checkbox to update the remaining cycles, and the amount (money, zero allowed). Save sends
 * updateDetail; Cancel or Escape leaves edit mode without a change.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  mergeClasses,
  Spinner,
  TableCell,
  TableRow,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { PaymentPlan, PaymentPlanDetail } from '../../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { centsToMoneyInput } from '../../../embed-sdk/validation/index.js';
import { lineSurcharge } from '../../../embed-sdk/rules/surcharge.js';
import { dateBounds, editProblems, rowName, typedCents, type EditProblems } from './schedule.js';
import { SCHEDULE_TEXT } from './texts.js';
import type { DetailUpdate } from './useScheduleChanges.js';
import { useScheduleStyles } from './useScheduleStyles.styles.js';

export interface ScheduleEditRowProps {
  plan: Pick<PaymentPlan, 'hasSurcharge' | 'surchargeRateBps'>;
  detail: PaymentPlanDetail;
  /** Resolves true once saved (the row then leaves edit mode). */
  onSave: (change: DetailUpdate) => Promise<boolean>;
  onCancel: () => void;
}

export function ScheduleEditRow({ plan, detail, onSave, onCancel }: ScheduleEditRowProps) {
  const styles = useScheduleStyles();
  const [billingDate, setBillingDate] = useState(detail.billingDate);
  const [amount, setAmount] = useState(centsToMoneyInput(detail.amountDue));
  const [updateRemaining, setUpdateRemaining] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  const edit = { billingDate, amount, updateRemaining };
  const problems: EditProblems = checked ? editProblems(edit, detail) : {};
  const bounds = dateBounds(detail, updateRemaining);
  const cents = typedCents(amount) ?? detail.amountDue;
  const surcharge = lineSurcharge(cents, plan);
  const name = rowName(detail);

  const save = async () => {
    setChecked(true);
    const found = editProblems(edit, detail);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const saved = await onSave({
      id: detail.id,
      billingDate,
      amountDue: typedCents(amount)!,
      updateRemaining,
    });
    // Saved: the row leaves edit mode and this component goes away.
    if (!saved) setBusy(false);
  };

  return (
    <TableRow
      className={styles.editRow}
      aria-label={`${name} (editing)`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <TableCell className={mergeClasses(styles.editCell, styles.editText, styles.cycleCell)}>
        {detail.isDownPayment ? SCHEDULE_TEXT.downPayment : detail.cycle}
      </TableCell>
      <TableCell className={styles.editCell}>
        <div className={styles.editDate}>
          <Field
            validationState={problems.billingDate ? 'error' : 'none'}
            validationMessage={problems.billingDate}
          >
            <Input
              type="date"
              aria-label={SCHEDULE_TEXT.billingDate}
              value={billingDate}
              min={bounds.min ?? undefined}
              max={bounds.max ?? undefined}
              disabled={busy}
              onChange={(_event, data) => setBillingDate(data.value)}
            />
          </Field>
          <Checkbox
            label={SCHEDULE_TEXT.updateRemaining}
            checked={updateRemaining}
            disabled={busy}
            onChange={(_event, data) => setUpdateRemaining(data.checked === true)}
          />
        </div>
      </TableCell>
      <TableCell className={styles.editCell}>
        <Field
          className={styles.amountField}
          validationState={problems.amount ? 'error' : 'none'}
          validationMessage={problems.amount}
        >
          <Input
            className={styles.amountInput}
            aria-label={SCHEDULE_TEXT.amount}
            contentBefore="$"
            inputMode="decimal"
            value={amount}
            disabled={busy}
            onChange={(_event, data) => setAmount(data.value)}
          />
        </Field>
      </TableCell>
      {plan.hasSurcharge && (
        <>
          <TableCell className={mergeClasses(styles.editCell, styles.editText, styles.number)}>
            {formatCurrency(surcharge)}
          </TableCell>
          <TableCell className={mergeClasses(styles.editCell, styles.editText, styles.number)}>
            {formatCurrency(cents + surcharge)}
          </TableCell>
        </>
      )}
      <TableCell className={styles.editCell}>
        <div className={styles.editActions}>
          <Button
            appearance="primary"
            size="small"
            disabled={busy}
            icon={busy ? <Spinner size="extra-tiny" /> : undefined}
            onClick={() => void save()}
          >
            {SCHEDULE_TEXT.save}
          </Button>
          <Button size="small" disabled={busy} onClick={onCancel}>
            {SCHEDULE_TEXT.cancel}
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
