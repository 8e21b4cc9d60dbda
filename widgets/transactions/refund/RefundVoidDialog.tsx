/**
 * Refund or Void a transaction (spec part 2, "Refund / Void form", sections 5, 7 and 8): the refund
 * amount with its validation, blur reset and messages; for Open Dental practices the payment's pay
 * splits (Procedure, Original Amt., Refund Amt. or Void Amt.), the leading surcharge split hidden;
 * the surcharge and total; what the source does afterwards (sourceRules.ts); and 'Process Refund' /
 * 'Process Void'. The answer is 'Transaction Refunded' / 'Transaction Voided' with the server's
 * status message, or 'This transaction could not be refunded' for every answer that is not successful
 * or not approved. A refund larger than what is left is the spec's error toast ('The refund cannot
 * exceed the original transaction amount of …'), and nothing is sent. One idempotency key per submission:
 * a retry after no answer is the same refund; after an answer, a new try gets a new key.
 */
import {
  Button,
  Checkbox,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MONEY_COLUMN } from '../../ui/listColumns.js';
import { useEffect, useState } from 'react';
import type { GatewayCode } from '../../../embed-sdk/contract/common.js';
import type { GiveBackAction } from '../../../embed-sdk/contract/refund.js';
import type { PaySplit, Transaction } from '../../../embed-sdk/contract/transaction.js';
import type { TransactionRefundedDetail, TransactionVoidedDetail } from '../../../embed-sdk/events.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDateTime } from '../../../embed-sdk/format/date.js';
import { useNotify } from '../../runtime/useBanners.js';
import { CARD_BRAND_NAMES } from '../../ui/cardBrands.js';
import { DialogForm, FormDialog } from '../../ui/FormDialog.js';
import { FormError } from '../../ui/FormError.js';
import { MONEY_INPUT } from '../../ui/formFields.js';
import { REFUND_TEXT } from '../dialogTexts.js';
import { transactionIdOf } from '../transactionView.js';
import { useOpenDentalPayment, useTransactionChanges } from '../useTransactionChanges.js';
import {
  amountOnBlur,
  amountProblem,
  initialAmountText,
  isFixedAmount,
  isTooLarge,
  leftToRefund,
  orderRefundOf,
  refundAmounts,
  shownSplits,
  splitRefunds,
} from './refundForm.js';
import { refundRulesOf } from './sourceRules.js';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  what: { display: 'flex', flexDirection: 'column', gap: '2px' },
  muted: { color: tokens.colorNeutralForeground3 },
  split: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    rowGap: '2px',
    margin: 0,
    fontVariantNumeric: 'tabular-nums',
  },
  value: { textAlign: 'right', margin: 0 },
  total: { fontWeight: tokens.fontWeightSemibold },
  money: MONEY_COLUMN,
});

export interface RefundVoidDialogProps {
  transaction: Transaction;
  action: GiveBackAction;
  /** The practice's system: Open Dental's pay splits are looked up. */
  gatewayCode: GatewayCode | undefined;
  onClose: () => void;
  onRefunded?: (detail: TransactionRefundedDetail) => void;
  onVoided?: (detail: TransactionVoidedDetail) => void;
}

function cardName(t: Transaction): string {
  if (t.fundingSource !== 'CARD') return REFUND_TEXT.thePayment;
  return [t.cardType ? CARD_BRAND_NAMES[t.cardType] : null, t.cardDescription].filter(Boolean).join(' ');
}

function SplitsTable({
  splits,
  parts,
  isVoid,
}: {
  splits: PaySplit[];
  parts: number[] | null;
  isVoid: boolean;
}) {
  const styles = useStyles();
  return (
    <Table size="small" aria-label={REFUND_TEXT.procedures}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{REFUND_TEXT.procedure}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>{REFUND_TEXT.originalAmount}</TableHeaderCell>
          <TableHeaderCell className={styles.money}>
            {isVoid ? REFUND_TEXT.voidAmt : REFUND_TEXT.refundAmt}
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {splits.map((s, i) => (
          <TableRow key={s.splitNum}>
            <TableCell>
              {s.procCode
                ? `${s.procCode} ${s.procDescription ?? s.descript}`
                : s.descript || REFUND_TEXT.unallocated}
              {s.tooth ? ` (#${s.tooth})` : ''}
            </TableCell>
            <TableCell className={styles.money}>{formatCurrency(s.ogSplitAmt)}</TableCell>
            <TableCell className={styles.money}>{parts ? formatCurrency(parts[i]!) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RefundVoidForm({
  transaction: t,
  action,
  gatewayCode,
  onClose,
  onRefunded,
  onVoided,
}: RefundVoidDialogProps) {
  const styles = useStyles();
  const changes = useTransactionChanges();
  const notify = useNotify();
  const rules = refundRulesOf(t.source);
  const isVoid = action === 'VOID';
  const fixed = isFixedAmount(action, rules.wholeOnly);
  const [text, setText] = useState(() => initialAmountText(t));
  const [problem, setProblem] = useState<string | null>(null);
  const [reactivate, setReactivate] = useState(true);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [result, setResult] = useState<{ title: string; message: string } | null>(null);

  const openDental = gatewayCode === 'OPENDENTAL';
  const payment = useOpenDentalPayment(t.id, openDental);
  // The spec: a failed Open Dental payment lookup closes the refund form (its banner says why).
  useEffect(() => {
    if (payment.error) onClose();
  }, [payment.error, onClose]);

  const orderRefund = orderRefundOf(text, t, fixed);
  const amounts = orderRefund === null ? null : refundAmounts(orderRefund, t);
  const splits = payment.data?.payment ? shownSplits(payment.data.payment.paySplits) : [];
  const parts = orderRefund === null || splits.length === 0 ? null : splitRefunds(orderRefund, splits);
  const reactivation = rules.reactivation(t);
  const canSubmit = fixed || (amounts !== null && amounts.amount > 0);

  // The spec's error toast for an amount larger than what may be refunded (part 2, sections 5, 8).
  const tooLarge = (typed: string) => {
    if (!isTooLarge(typed, t)) return false;
    notify({ intent: 'danger', message: amountProblem(typed, t)! });
    return true;
  };

  const submit = async () => {
    setFailed(null);
    if (!fixed && tooLarge(text)) return;
    const why = fixed ? null : amountProblem(text, t);
    if (why || !amounts || amounts.amount <= 0) {
      setProblem(why);
      return;
    }
    setBusy(true);
    const answer = await changes.giveBack(
      {
        id: t.transactionResultId,
        refundAmount: amounts.amount,
        action,
        setActive: reactivation !== null && reactivate,
        ...(parts && payment.data?.payment
          ? {
              isSplit: payment.data.payment.isSplit,
              procedures: splits
                .map((s, i) => ({ splitNum: s.splitNum, amount: parts[i]! }))
                .filter((p) => p.amount > 0),
            }
          : {}),
      },
      key,
      t.id,
    );
    setBusy(false);
    if (!answer.answered) {
      // Without an answer (the connection), trying again is the same refund; an answer that is not
      // a success is the spec's 'This transaction could not be refunded' (its banner says why).
      if (answer.spent) {
        setKey(crypto.randomUUID());
        setFailed(REFUND_TEXT.couldNotRefund);
      }
      return;
    }
    setKey(crypto.randomUUID());
    const { value } = answer;
    if (!value.isApproved) {
      setFailed(REFUND_TEXT.couldNotRefund);
      return;
    }
    const given = value.refundAmount || amounts.amount;
    const base = { id: t.id, referenceId: t.referenceId, customerId: t.customerId, amount: given };
    if (isVoid) onVoided?.({ ...base, voidReferenceId: value.referenceId });
    else onRefunded?.({ ...base, refundReferenceId: value.referenceId });
    setResult({
      title: value.statusMessage,
      message: isVoid ? REFUND_TEXT.voidedOn(given, cardName(t)) : REFUND_TEXT.refundedTo(given, cardName(t)),
    });
  };

  if (result) {
    return (
      <DialogBody>
        <DialogTitle>{result.title}</DialogTitle>
        <DialogContent>
          <Text>{result.message}</Text>
        </DialogContent>
        <DialogActions>
          <Button appearance="primary" onClick={onClose}>
            {REFUND_TEXT.close}
          </Button>
        </DialogActions>
      </DialogBody>
    );
  }

  const left = leftToRefund(t);
  const hint = isVoid
    ? REFUND_TEXT.voidWhole
    : rules.wholeOnly
      ? REFUND_TEXT.wholeOnly
      : left < t.orderAmount
        ? REFUND_TEXT.leftToRefund(left)
        : undefined;
  return (
    <DialogForm
      title={isVoid ? REFUND_TEXT.voidTitle : REFUND_TEXT.refundTitle}
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
      onCancel={onClose}
      cancelLabel={REFUND_TEXT.cancel}
      submitLabel={isVoid ? REFUND_TEXT.processVoid : REFUND_TEXT.processRefund}
      submitting={busy}
      canSubmit={canSubmit}
      error={<FormError message={failed} />}
      contentClassName={styles.content}
    >
      <div className={styles.what}>
        <Text weight="semibold">{`${transactionIdOf(t.referenceId)} · ${formatCurrency(t.amount)}`}</Text>
        <Text size={200} className={styles.muted}>
          {`${formatDateTime(t.created)} · ${cardName(t)}`}
        </Text>
      </div>
      <Field
        label={isVoid ? REFUND_TEXT.voidAmount : REFUND_TEXT.refundAmount}
        hint={hint}
        required={!fixed}
        validationState={problem ? 'error' : 'none'}
        validationMessage={problem ?? undefined}
      >
        <Input
          {...MONEY_INPUT}
          readOnly={fixed}
          appearance={fixed ? 'filled-darker' : undefined}
          value={text}
          onChange={(_e, d) => {
            setText(d.value);
            // While typing, an empty box is not yet a mistake (a blur fills it in), and one too
            // large is said by the toast when the box is left (Process Refund waits meanwhile).
            const why = amountProblem(d.value, t);
            setProblem(why === REFUND_TEXT.required || isTooLarge(d.value, t) ? null : why);
          }}
          onBlur={() => {
            const reset = amountOnBlur(text, t);
            setText(reset);
            setProblem(tooLarge(reset) ? null : amountProblem(reset, t));
          }}
        />
      </Field>
      {openDental && payment.isLoading && <Spinner size="tiny" label={REFUND_TEXT.procedures} />}
      {openDental && payment.data && payment.data.payment === null && (
        <Text size={200} className={styles.muted}>
          {REFUND_TEXT.notPosted}
        </Text>
      )}
      {splits.length > 0 && <SplitsTable splits={splits} parts={parts} isVoid={isVoid} />}
      {t.hasSurcharging && amounts && (
        <dl className={styles.split} aria-label={REFUND_TEXT.total}>
          <dt>{REFUND_TEXT.surcharge}</dt>
          <dd className={styles.value}>{formatCurrency(amounts.surchargeAmount)}</dd>
          <dt className={styles.total}>{REFUND_TEXT.total}</dt>
          <dd className={mergeClasses(styles.value, styles.total)}>{formatCurrency(amounts.amount)}</dd>
        </dl>
      )}
      {rules.notices(t).map((notice) => (
        <MessageBar key={notice} intent="warning">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      ))}
      {reactivation && (
        <Checkbox
          label={reactivation}
          checked={reactivate}
          disabled={busy}
          onChange={(_e, d) => setReactivate(d.checked === true)}
        />
      )}
    </DialogForm>
  );
}

export function RefundVoidDialog(props: RefundVoidDialogProps) {
  const styles = useStyles();
  return (
    <FormDialog
      open
      label={props.action === 'VOID' ? REFUND_TEXT.voidTitle : REFUND_TEXT.refundTitle}
      onClose={props.onClose}
      className={styles.surface}
    >
      <RefundVoidForm {...props} />
    </FormDialog>
  );
}
