/**
 * 'Payment Plan Payment' (loaded on demand): Card on File, Cash, Check or Adjustment. A payment has
 * an amount (the past due, else the upcoming payment, to start with), a card for Card on File with
 * its surcharge and total once the lookup answers, a check number for checks, and a note that grows
 * from 3 to 6 rows. An adjustment has a description, an amount and whether it removes the amount
 * from the balance (CREDIT, the default) or adds it (DEBIT).
 *
 * One idempotency key per opened form, so a double submit is one payment. A key is used up once the
 * server has answered without recording a payment (a declined card, a refusal): the next try is a
 * new payment and gets a new key. A try that got no answer keeps its key.
 */
import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { PaymentPlan, PaymentType } from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { useNotify } from '../runtime/useBanners.js';
import { CardBrandBadge } from '../ui/CardBrandBadge.js';
import { describeCard, formatExpiry } from '../ui/cardBrands.js';
import { InputField, MONEY_INPUT, TextareaField } from '../ui/formFields.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import { FormError } from '../ui/FormError.js';
import { LazyCardPicker } from '../ui/LazyCardPicker.js';
import {
  amountCents,
  CHECK_NUMBER_MAX,
  defaultPaymentType,
  DESCRIPTION_MAX,
  emptyPayment,
  NOTE_MAX,
  noteRows,
  paymentBody,
  paymentProblems,
  preferredCardId,
  type PaymentValues,
} from './paymentForm.js';
import { defaultPaymentAmount } from './paymentPlan.js';
import { PAYMENT_TEXT } from './dialogTexts.js';
import { PLAN_MESSAGES, TEXT } from './texts.js';
import { useProcessPayment } from './usePayment.js';
import { useSavedCards } from '../ui/savedCards.js';
import { SurchargeLines } from '../ui/SurchargeLines.js';

const useStyles = makeStyles({
  balance: { color: tokens.colorNeutralForeground3 },
  cardRow: { display: 'flex', flexDirection: 'column', gap: '4px', alignItems: 'flex-start' },
  dropdown: { width: '100%' },
  option: { display: 'flex', alignItems: 'center', gap: '8px' },
  expiry: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const TYPES: PaymentType[] = ['CARDONFILE', 'CASH', 'CHECK', 'ADJ'];

export interface PaymentDialogProps {
  open: boolean;
  plan: PaymentPlan;
  onClose: () => void;
  onChanged: (plan: PaymentPlan) => void;
}

/** Grows the note with its lines, wrapped ones too, from 3 to 6 rows. */
function useNoteRows(note: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [rows, setRows] = useState(() => noteRows(note));
  useLayoutEffect(() => {
    const element = ref.current;
    let next = noteRows(note);
    if (element) {
      element.rows = next;
      while (next < 6 && element.scrollHeight > element.clientHeight) element.rows = ++next;
    }
    setRows(next);
  }, [note]);
  return { ref, rows };
}

function PaymentForm({ plan, onClose, onChanged }: Omit<PaymentDialogProps, 'open'>) {
  const styles = useStyles();
  const notify = useNotify();
  const cards = useSavedCards(plan.customerId);
  const processPayment = useProcessPayment(plan.id, onChanged);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [declined, setDeclined] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState<boolean | null>(null);
  // The balance the amount is checked against is the plan's latest (a declined try reloads it).
  const balanceDue = useRef(plan.balanceDue);
  balanceDue.current = plan.balanceDue;
  const resolver: Resolver<PaymentValues> = (values) => {
    const problems = paymentProblems(values, balanceDue.current);
    if (problems.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(problems.map((p) => [p.field, { type: 'validate', message: p.message }])),
    };
  };
  const form = useForm<PaymentValues>({
    resolver,
    defaultValues: emptyPayment({
      paymentType: defaultPaymentType(plan),
      amount: defaultPaymentAmount(plan),
      cardId: preferredCardId(plan, cards.data),
    }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState, setValue, getValues } = form;
  const [paymentType, amount, cardId, note] = useWatch({
    control,
    name: ['paymentType', 'amount', 'cardId', 'note'],
  });
  const noteSize = useNoteRows(note);
  const isAdjustment = paymentType === 'ADJ';

  // The cards arrive after the form: the plan's card (or the default one) is chosen for a start.
  useEffect(() => {
    if (getValues('cardId') === null && cards.data) {
      const preferred = preferredCardId(plan, cards.data);
      if (preferred !== null) setValue('cardId', preferred);
    }
  }, [cards.data, plan, getValues, setValue]);

  const submit = form.handleSubmit(async (values) => {
    setDeclined(null);
    const answer = await processPayment(paymentBody(plan.id, values), idempotencyKey);
    if (!answer.recorded) {
      if (answer.answered) setIdempotencyKey(crypto.randomUUID());
      return; // the banner says why
    }
    const { outcome } = answer;
    if (outcome && !outcome.isApproved) {
      setIdempotencyKey(crypto.randomUUID());
      setDeclined(outcome.reason || PAYMENT_TEXT.declined);
      return;
    }
    notify(
      outcome
        ? { intent: 'success', title: TEXT.approvedTitle, message: PLAN_MESSAGES.approved }
        : { intent: 'success', message: PLAN_MESSAGES.updated },
    );
    onClose();
  });

  const errors = formState.errors;
  const cardList = cards.data ?? [];
  const selectedCard = cardList.find((c) => c.id === cardId) ?? null;
  return (
    <>
      <DialogForm
        title={PAYMENT_TEXT.title}
        onSubmit={submit}
        onCancel={onClose}
        cancelLabel={PAYMENT_TEXT.cancel}
        submitLabel={isAdjustment ? PAYMENT_TEXT.addAdjustment : PAYMENT_TEXT.process}
        submitting={formState.isSubmitting}
        error={<FormError title={PAYMENT_TEXT.declinedTitle} message={isAdjustment ? null : declined} />}
      >
        <Text size={200} className={styles.balance}>
          {PAYMENT_TEXT.balance(formatCurrency(plan.balanceDue))}
          {plan.balancePastDue > 0 && `, ${PAYMENT_TEXT.pastDue(formatCurrency(plan.balancePastDue))}`}
        </Text>
        <Controller
          name="paymentType"
          control={control}
          render={({ field }) => (
            <Field label={PAYMENT_TEXT.type}>
              <RadioGroup
                layout="horizontal"
                name={field.name}
                value={field.value}
                onChange={(_e, data) => {
                  setDeclined(null);
                  field.onChange(data.value as PaymentType);
                }}
              >
                {TYPES.map((type) => (
                  <Radio key={type} value={type} label={PAYMENT_TEXT.types[type]} />
                ))}
              </RadioGroup>
            </Field>
          )}
        />

        {isAdjustment ? (
          <>
            <InputField
              control={control}
              name="description"
              label={PAYMENT_TEXT.description}
              required
              maxLength={DESCRIPTION_MAX}
            />
            <InputField
              control={control}
              name="adjustmentAmount"
              label={PAYMENT_TEXT.adjustmentAmount}
              required
              {...MONEY_INPUT}
            />
            <Controller
              name="adjustmentType"
              control={control}
              render={({ field }) => (
                <Field label={PAYMENT_TEXT.adjustmentType} required>
                  <RadioGroup
                    name={field.name}
                    value={field.value}
                    onChange={(_e, data) => field.onChange(data.value as 'CREDIT' | 'DEBIT')}
                  >
                    <Radio value="CREDIT" label={PAYMENT_TEXT.credit} />
                    <Radio value="DEBIT" label={PAYMENT_TEXT.debit} />
                  </RadioGroup>
                </Field>
              )}
            />
          </>
        ) : (
          <>
            <InputField
              control={control}
              name="amount"
              label={PAYMENT_TEXT.amount}
              required
              {...MONEY_INPUT}
            />
            {paymentType === 'CARDONFILE' && (
              <div className={styles.cardRow}>
                <Controller
                  name="cardId"
                  control={control}
                  render={({ field }) => (
                    <Field
                      className={styles.dropdown}
                      label={PAYMENT_TEXT.card}
                      required
                      validationState={errors.cardId ? 'error' : 'none'}
                      validationMessage={errors.cardId?.message}
                    >
                      <Dropdown
                        ref={field.ref}
                        className={styles.dropdown}
                        placeholder={cards.data ? PAYMENT_TEXT.chooseCard : PAYMENT_TEXT.loadingCards}
                        value={selectedCard ? describeCard(selectedCard) : ''}
                        selectedOptions={field.value === null ? [] : [String(field.value)]}
                        onOptionSelect={(_e, data) => {
                          setDeclined(null);
                          field.onChange(data.optionValue ? Number(data.optionValue) : null);
                        }}
                      >
                        {cardList.map((card) => (
                          <Option key={card.id} value={String(card.id)} text={describeCard(card)}>
                            <span className={styles.option}>
                              <CardBrandBadge cardType={card.cardType} size="small" />
                              <span>{card.description}</span>
                              <span className={styles.expiry}>
                                {formatExpiry(card.expMonth, card.expYear)}
                              </span>
                            </span>
                          </Option>
                        ))}
                      </Dropdown>
                    </Field>
                  )}
                />
                <Button size="small" appearance="transparent" onClick={() => setAddingCard(true)}>
                  {PAYMENT_TEXT.addNewCard}
                </Button>
                <SurchargeLines cardId={cardId} amount={amountCents(amount)} />
              </div>
            )}
            {paymentType === 'CHECK' && (
              <InputField
                control={control}
                name="checkNum"
                label={PAYMENT_TEXT.checkNumber}
                maxLength={CHECK_NUMBER_MAX}
              />
            )}
            <TextareaField
              control={control}
              name="note"
              label={PAYMENT_TEXT.note}
              textareaRef={noteSize.ref}
              rows={noteSize.rows}
              resize="none"
              maxLength={NOTE_MAX}
            />
          </>
        )}
      </DialogForm>
      {/* Outside the form: the picker's events must not reach this form (React bubbles through portals). */}
      {addingCard !== null && (
        <LazyCardPicker
          open={addingCard}
          purpose="add"
          customerId={plan.customerId}
          currentCardId={null}
          onClose={() => setAddingCard(false)}
          onChosen={(card) => {
            setValue('cardId', card.id, { shouldValidate: formState.isSubmitted });
            return true;
          }}
        />
      )}
    </>
  );
}

export function PaymentDialog(props: PaymentDialogProps) {
  return (
    <FormDialog open={props.open} label={PAYMENT_TEXT.title} onClose={props.onClose}>
      <PaymentForm plan={props.plan} onClose={props.onClose} onChanged={props.onChanged} />
    </FormDialog>
  );
}
