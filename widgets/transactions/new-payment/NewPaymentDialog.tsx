/**
 * New Payment: a card payment taken at the desk (a VIRTUALTERMINAL transaction; part 1 lists the
 * virtual terminal among what the product does, issue 19 designs it). An optional patient (without
 * one the payment is unassociated), an amount and a note, and the card: one on file, or a new card
 * in the card provider's frame. Review Payment asks the server what the card would be charged and
 * shows the surcharge before anything is charged; Charge sends that quoted total, with one
 * idempotency key per quote (a retry after no answer is the same payment). The review step keeps a
 * Cancel, as every step of every dialog does. Opened from a patient's page, the patient is filled in.
 */
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Textarea,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { isApiError } from '../../../embed-sdk/api/errors.js';
import { virtualTerminal, virtualTerminalQuote } from '../../../embed-sdk/contract/transaction.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { validationMessages } from '../../../embed-sdk/validation/messages.js';
import { isMoney, parseMoneyToCents } from '../../../embed-sdk/validation/money.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { settled } from '../../ui/data.js';
import { useNotify } from '../../runtime/useBanners.js';
import { useCardEntry } from '../../ui/card-entry/useCardEntry.js';
import { CARD_BRAND_NAMES } from '../../ui/cardBrands.js';
import { FormActions, FormDialog } from '../../ui/FormDialog.js';
import { FormError } from '../../ui/FormError.js';
import { MONEY_INPUT } from '../../ui/formFields.js';
import { PatientCombobox, type ChosenPatient } from '../../ui/PatientCombobox.js';
import { useCurrentCompany } from '../../ui/practice.js';
import { orderCards, useSavedCards } from '../../ui/savedCards.js';
import { NEW_PAYMENT_TEXT as T } from '../dialogTexts.js';
import { useRefreshTransactions } from '../useTransactions.js';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    rowGap: '4px',
    margin: 0,
    fontVariantNumeric: 'tabular-nums',
  },
  value: { margin: 0, textAlign: 'right' },
  total: { fontWeight: tokens.fontWeightSemibold },
  // The entry step while the payment is reviewed: out of sight, still mounted (the card frame keeps
  // its card for Change card). A class, since the `hidden` attribute loses to a display: flex.
  away: { display: 'none' },
  action: { whiteSpace: 'nowrap' },
});

type Quote = {
  orderAmount: number;
  surchargeAmount: number;
  total: number;
  cardType: keyof typeof CARD_BRAND_NAMES;
  cardDescription: string;
};
type Card = { nonce: string } | { customerSavedCardId: number };

type Step = { kind: 'entry' } | { kind: 'quoted'; card: Card; quote: Quote; key: string };

function Summary({ quote }: { quote: Quote }) {
  const styles = useStyles();
  return (
    <dl className={styles.lines} aria-label={T.summary}>
      <dt>{T.card}</dt>
      <dd className={styles.value}>{`${CARD_BRAND_NAMES[quote.cardType]} ${quote.cardDescription}`}</dd>
      <dt>{T.amount}</dt>
      <dd className={styles.value}>{formatCurrency(quote.orderAmount)}</dd>
      {quote.surchargeAmount > 0 && (
        <>
          <dt>{T.surcharge}</dt>
          <dd className={styles.value}>{formatCurrency(quote.surchargeAmount)}</dd>
        </>
      )}
      <dt className={styles.total}>{T.total}</dt>
      <dd className={mergeClasses(styles.value, styles.total)}>{formatCurrency(quote.total)}</dd>
    </dl>
  );
}

interface NewPaymentFormProps {
  onClose: () => void;
  onTryAgain: () => void;
  /** The patient it starts with (a patient's page). */
  patient?: ChosenPatient;
}

function NewPaymentForm({ onClose, onTryAgain, patient }: NewPaymentFormProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const notify = useNotify();
  const refresh = useRefreshTransactions();
  const company = useCurrentCompany();
  const [customerId, setCustomerId] = useState<number | null>(patient?.id ?? null);
  const cards = useSavedCards(customerId);
  const onFile = orderCards(cards.data ?? []);
  const [useNewCard, setUseNewCard] = useState(false);
  const [cardId, setCardId] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'entry' });
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);

  const chosenCardId = cardId ?? onFile[0]?.id ?? null;
  const newCard = customerId === null || onFile.length === 0 || useNewCard;
  const amount = isMoney(amountText) ? parseMoneyToCents(amountText) : null;

  const checkAmount = () => {
    const problem = amount === null || amount <= 0 ? validationMessages.money(T.amount.toLowerCase()) : null;
    setAmountError(problem);
    return problem === null;
  };

  const ask = (card: Card): Promise<Quote | null> =>
    settled(
      sdk.api.call(virtualTerminalQuote, {
        body: { ...(customerId !== null ? { customerId } : {}), amount: amount!, ...card },
      }),
    );

  // A new card: the frame gives a nonce, which the quote takes (and the charge after it).
  const entry = useCardEntry<{ card: Card; quote: Quote }>({
    hasCards: false,
    scriptUrl: sdk.config.cardProviderScriptUrl,
    businessId: company.data?.businessId,
    applicationId: company.data?.appId,
    practiceFailed: company.error !== undefined && company.data === undefined,
    store: async (nonce) => {
      const quote = await ask({ nonce });
      return quote ? { card: { nonce }, quote } : null;
    },
    onSaved: ({ card, quote }) => setStep({ kind: 'quoted', card, quote, key: crypto.randomUUID() }),
  });

  const review = async () => {
    setDeclined(null);
    if (!checkAmount()) return;
    if (newCard) {
      await entry.addCard();
      return;
    }
    if (chosenCardId === null) return;
    setBusy(true);
    const quote = await ask({ customerSavedCardId: chosenCardId });
    setBusy(false);
    if (quote)
      setStep({
        kind: 'quoted',
        card: { customerSavedCardId: chosenCardId },
        quote,
        key: crypto.randomUUID(),
      });
  };

  const charge = async () => {
    if (step.kind !== 'quoted') return;
    setBusy(true);
    try {
      const result = await sdk.api.call(virtualTerminal, {
        body: {
          ...(customerId !== null ? { customerId } : {}),
          amount: step.quote.orderAmount,
          total: step.quote.total,
          ...step.card,
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        idempotencyKey: step.key,
      });
      if (!result.isSuccess) return; // the banner says why
      void refresh();
      if (!result.value.isApproved) {
        setDeclined(result.value.reason || T.declined);
        return;
      }
      notify({ intent: 'success', title: T.approvedTitle, message: T.approved(result.value.transactionId) });
      onClose();
    } catch (error) {
      // No answer: the same key charges once if the person tries again; an answer used the key up.
      if (!isApiError(error) || error.status !== 0) setStep({ kind: 'entry' });
    } finally {
      setBusy(false);
    }
  };

  if (declined) {
    return (
      <DialogBody>
        <DialogTitle>{T.title}</DialogTitle>
        <DialogContent>
          <FormError title={T.declinedTitle} message={declined} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button appearance="primary" onClick={onTryAgain}>
            {T.changeCard}
          </Button>
        </DialogActions>
      </DialogBody>
    );
  }

  const quoted = step.kind === 'quoted';
  return (
    <DialogBody>
      <DialogTitle>{T.title}</DialogTitle>
      <DialogContent className={styles.content}>
        <div className={quoted ? styles.away : styles.content} aria-hidden={quoted || undefined}>
          <PatientCombobox
            required={false}
            label={T.patient}
            value={customerId}
            chosenName={patient ? `${patient.firstName} ${patient.lastName}` : undefined}
            onChange={(id) => {
              setCustomerId(id);
              setCardId(null);
              setUseNewCard(false);
            }}
          />
          {customerId === null && (
            <Text size={200} className={styles.muted}>
              {T.noPatientHint}
            </Text>
          )}
          <Field
            label={T.amount}
            required
            validationState={amountError ? 'error' : 'none'}
            validationMessage={amountError ?? undefined}
          >
            <Input
              {...MONEY_INPUT}
              value={amountText}
              onChange={(_e, d) => {
                setAmountText(d.value);
                setAmountError(null);
              }}
              onBlur={() => amountText.trim() !== '' && checkAmount()}
            />
          </Field>
          <Field label={T.note}>
            <Textarea value={note} rows={3} maxLength={500} onChange={(_e, d) => setNote(d.value)} />
          </Field>
          {customerId !== null && onFile.length > 0 && (
            <Field label={T.card}>
              <RadioGroup
                value={useNewCard ? 'new' : String(chosenCardId)}
                onChange={(_e, d) => {
                  setUseNewCard(d.value === 'new');
                  if (d.value !== 'new') setCardId(Number(d.value));
                }}
              >
                {onFile.map((c) => (
                  <Radio
                    key={c.id}
                    value={String(c.id)}
                    label={`${T.cardOnFile}: ${CARD_BRAND_NAMES[c.cardType]} ${c.description}`}
                  />
                ))}
                <Radio value="new" label={T.newCard} />
              </RadioGroup>
            </Field>
          )}
          {/* The frame stays mounted while the person reviews: Change card goes back to it. */}
          <div hidden={!newCard}>{entry.frame}</div>
        </div>
        {quoted && <Summary quote={step.quote} />}
      </DialogContent>
      <DialogActions>
        {quoted ? (
          <>
            <Button className={styles.action} disabled={busy} onClick={onClose}>
              {T.cancel}
            </Button>
            <Button className={styles.action} disabled={busy} onClick={() => setStep({ kind: 'entry' })}>
              {T.changeCard}
            </Button>
            <Button
              className={styles.action}
              appearance="primary"
              disabled={busy}
              onClick={() => void charge()}
            >
              {T.charge(step.quote.total)}
            </Button>
          </>
        ) : (
          <FormActions
            cancelLabel={T.cancel}
            onCancel={onClose}
            submitLabel={T.review}
            submitting={busy || entry.busy}
            canSubmit={newCard ? entry.ready : chosenCardId !== null}
            onSubmit={() => void review()}
          />
        )}
      </DialogActions>
    </DialogBody>
  );
}

export interface NewPaymentDialogProps {
  onClose: () => void;
  /** The patient the payment is for, filled in (a patient's page); without it, chosen in the form. */
  patient?: ChosenPatient;
}

export function NewPaymentDialog({ onClose, patient }: NewPaymentDialogProps) {
  const styles = useStyles();
  // A fresh form (and card frame, with a fresh nonce) after a decline.
  const [attempt, setAttempt] = useState(0);
  return (
    <FormDialog open label={T.title} onClose={onClose} className={styles.surface}>
      <NewPaymentForm
        key={attempt}
        patient={patient}
        onClose={onClose}
        onTryAgain={() => setAttempt((n) => n + 1)}
      />
    </FormDialog>
  );
}
