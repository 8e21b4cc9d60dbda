/**
 * The refund or void of a plan payment (part 2, "Refund / Void form" and section 5). A plan payment
 * is given back in full (partial refunds are unavailable for plan transactions), so the amount is
 * the whole payment, surcharge included, and cannot be changed; the submit button is therefore not
 * held back by the amount rules. What the payment paid is owed again; a canceled plan may be
 * re-activated (on by default), a completed one becomes active again by itself.
 *
 * Cash and checks go through refund-cash-check ('The refund has been processed.'); card payments
 * through refundVoid, whose 'Transaction Refunded' / 'Transaction Voided' answer the dialog shows.
 */
import {
  Button,
  Caption1,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  PLAN_MESSAGES,
  type PaymentLedgerRow,
  type PaymentPlan,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency, formatDateTime } from '../../../embed-sdk/format/index.js';
import { centsToMoneyInput } from '../../../embed-sdk/validation/index.js';
import { useNotify } from '../../runtime/useBanners.js';
import { CARD_BRAND_NAMES } from '../../ui/cardBrands.js';
import { FormActions } from '../../ui/FormDialog.js';
import { fundingLabel } from './ledger.js';
import { LEDGER_TEXT } from './texts.js';
import { useLedgerChanges } from './useLedgerChanges.js';

const useStyles = makeStyles({
  surface: { maxWidth: '480px', width: '100%' },
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
  splitValue: { textAlign: 'right', margin: 0 },
  total: { fontWeight: tokens.fontWeightSemibold },
});

export type GiveBack = { kind: 'cash' } | { kind: 'card'; action: 'REFUND' | 'VOID' };

export interface RefundVoidDialogProps {
  plan: Pick<PaymentPlan, 'id' | 'status'>;
  row: PaymentLedgerRow;
  giveBack: GiveBack;
  onClose: () => void;
  /** The payment was given back: the modal reads the plan again. */
  onDone: () => unknown;
}

function cardName(row: PaymentLedgerRow): string {
  if (!row.cardType) return row.cardDescription ?? LEDGER_TEXT.theCard;
  return `${CARD_BRAND_NAMES[row.cardType]} ${row.cardDescription ?? ''}`.trim();
}

export function RefundVoidDialog({ plan, row, giveBack, onClose, onDone }: RefundVoidDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const changes = useLedgerChanges(plan.id);
  const [busy, setBusy] = useState(false);
  const [reactivate, setReactivate] = useState(true);
  const [result, setResult] = useState<{ title: string; message: string } | null>(null);
  const isVoid = giveBack.kind === 'card' && giveBack.action === 'VOID';
  // The cash refund starts from the ledger amount, as a positive amount.
  const amount = Math.abs(row.amount);
  const offersReactivation = giveBack.kind === 'card' && plan.status === 'INACTIVE';

  const submit = async () => {
    setBusy(true);
    if (giveBack.kind === 'cash') {
      const updated = await changes.refundCash(row.id, amount);
      setBusy(false);
      if (!updated) return;
      notify({ intent: 'success', message: PLAN_MESSAGES.refunded });
      onClose();
      await onDone();
      return;
    }
    const answer = await changes.giveBack({
      id: row.transactionResultId ?? '',
      refundAmount: amount,
      action: giveBack.action,
      setActive: offersReactivation && reactivate,
    });
    setBusy(false);
    if (answer === null) return; // refused: the server's message is showing
    if (!answer.isApproved) {
      notify({ intent: 'danger', message: LEDGER_TEXT.couldNotRefund });
      return;
    }
    setResult({
      title: answer.statusMessage,
      message: isVoid
        ? LEDGER_TEXT.voidedOn(answer.refundAmount || amount, cardName(row))
        : LEDGER_TEXT.refundedTo(answer.refundAmount || amount, cardName(row)),
    });
    await onDone();
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !busy && onClose()}>
      <DialogSurface className={styles.surface}>
        {result ? (
          <DialogBody>
            <DialogTitle>{result.title}</DialogTitle>
            <DialogContent>
              <Text>{result.message}</Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {LEDGER_TEXT.close}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <DialogBody>
            <DialogTitle>{isVoid ? LEDGER_TEXT.voidTitle : LEDGER_TEXT.refundTitle}</DialogTitle>
            <DialogContent className={styles.content}>
              <div className={styles.what}>
                <Text weight="semibold">{row.description}</Text>
                <Caption1 className={styles.muted}>
                  {formatDateTime(row.dateTime)}
                  {` · ${giveBack.kind === 'card' ? cardName(row) : fundingLabel(row)}`}
                </Caption1>
              </div>
              <Field
                label={isVoid ? LEDGER_TEXT.voidAmount : LEDGER_TEXT.refundAmount}
                hint={isVoid ? LEDGER_TEXT.voidWhole : LEDGER_TEXT.wholeOnly}
              >
                <Input
                  readOnly
                  appearance="filled-darker"
                  contentBefore="$"
                  value={centsToMoneyInput(amount)}
                />
              </Field>
              {row.surcharge > 0 && (
                <dl className={styles.split}>
                  <dt>{LEDGER_TEXT.orderAmount}</dt>
                  <dd className={styles.splitValue}>{formatCurrency(row.orderAmount)}</dd>
                  <dt>{LEDGER_TEXT.surcharge}</dt>
                  <dd className={styles.splitValue}>{formatCurrency(row.surcharge)}</dd>
                  <dt className={styles.total}>{LEDGER_TEXT.total}</dt>
                  <dd className={mergeClasses(styles.splitValue, styles.total)}>{formatCurrency(amount)}</dd>
                </dl>
              )}
              <MessageBar intent="warning">
                <MessageBarBody>{LEDGER_TEXT.owedAgain}</MessageBarBody>
              </MessageBar>
              {offersReactivation && (
                <Checkbox
                  label={LEDGER_TEXT.reactivate}
                  checked={reactivate}
                  disabled={busy}
                  onChange={(_event, data) => setReactivate(data.checked === true)}
                />
              )}
              {plan.status === 'COMPLETE' && <Text className={styles.muted}>{LEDGER_TEXT.reopens}</Text>}
            </DialogContent>
            <DialogActions>
              <FormActions
                cancelLabel={LEDGER_TEXT.cancel}
                onCancel={onClose}
                submitLabel={isVoid ? LEDGER_TEXT.processVoid : LEDGER_TEXT.processRefund}
                submitting={busy}
                onSubmit={() => void submit()}
              />
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
