/**
 * The Payment Plan Payment form's rules (spec part 1, section 5, and the adjustment rules of both
 * parts): a payment's amount is required and must be money ('The Amount is not a currency value.'),
 * and cannot be more than the balance (the server's own words); Card on File needs a card ('Add a
 * Card'); the check number and the note are optional. An adjustment needs a description and an
 * amount greater than zero; it is a CREDIT (removes the amount from the balance) unless DEBIT is
 * chosen.
 */
import type { AdjustmentType, PaymentPlan, PaymentType } from '../../embed-sdk/contract/paymentPlan.js';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { validationMessages } from '../../embed-sdk/validation/messages.js';
import {
  centsToMoneyInput,
  isMoney,
  isMoneyZeroOk,
  parseMoneyToCents,
} from '../../embed-sdk/validation/money.js';

export const AMOUNT = 'Amount';
export const ADJUSTMENT_AMOUNT = 'Adjustment Amount';
export const DESCRIPTION = 'Description';
export const NOTE_MAX = 500;
export const CHECK_NUMBER_MAX = 30;
export const DESCRIPTION_MAX = 200;

export interface PaymentValues {
  paymentType: PaymentType;
  amount: string;
  cardId: number | null;
  checkNum: string;
  note: string;
  description: string;
  adjustmentAmount: string;
  adjustmentType: AdjustmentType;
}

export interface Problem {
  field: keyof PaymentValues;
  message: string;
}

export function emptyPayment(options: {
  paymentType: PaymentType;
  amount: number | null;
  cardId: number | null;
}): PaymentValues {
  return {
    paymentType: options.paymentType,
    amount: options.amount === null ? '' : centsToMoneyInput(options.amount),
    cardId: options.cardId,
    checkNum: '',
    note: '',
    description: '',
    adjustmentAmount: '',
    adjustmentType: 'CREDIT',
  };
}

/** A card plan pays with its card; otherwise the patient's default card (cards come default first). */
export function preferredCardId(
  plan: Pick<PaymentPlan, 'isCash' | 'customerSavedCardId'>,
  cards: readonly Pick<SavedCard, 'id' | 'isDefault'>[] | undefined,
): number | null {
  if (!cards || cards.length === 0) return null;
  const planCard = plan.isCash ? undefined : cards.find((c) => c.id === plan.customerSavedCardId);
  return (planCard ?? cards.find((c) => c.isDefault) ?? cards[0]!).id;
}

/** Card on File for a card plan, Cash for a plan paid at the desk. */
export function defaultPaymentType(plan: Pick<PaymentPlan, 'isCash'>): PaymentType {
  return plan.isCash ? 'CASH' : 'CARDONFILE';
}

/** The amount in cents when it is valid money above zero (the surcharge is looked up only then). */
export function amountCents(text: string): number | null {
  const trimmed = text.trim();
  if (!isMoney(trimmed)) return null;
  const cents = parseMoneyToCents(trimmed);
  return cents !== null && cents > 0 ? cents : null;
}

export function paymentProblems(values: PaymentValues, balanceDue: number): Problem[] {
  const problems: Problem[] = [];
  if (values.paymentType === 'ADJ') {
    if (values.description.trim() === '')
      problems.push({ field: 'description', message: `The ${DESCRIPTION} is required.` });
    else if (values.description.trim().length > DESCRIPTION_MAX)
      problems.push({
        field: 'description',
        message: `The ${DESCRIPTION} can be at most ${DESCRIPTION_MAX} characters.`,
      });
    const amount = values.adjustmentAmount.trim();
    if (amount === '')
      problems.push({ field: 'adjustmentAmount', message: `The ${ADJUSTMENT_AMOUNT} is required.` });
    else if (!isMoneyZeroOk(amount))
      problems.push({ field: 'adjustmentAmount', message: validationMessages.money(ADJUSTMENT_AMOUNT) });
    else if ((parseMoneyToCents(amount) ?? 0) <= 0)
      problems.push({
        field: 'adjustmentAmount',
        message: validationMessages.greaterThanZero(ADJUSTMENT_AMOUNT),
      });
    return problems;
  }
  const amount = values.amount.trim();
  if (amount === '') problems.push({ field: 'amount', message: `The ${AMOUNT} is required.` });
  else if (!isMoney(amount)) problems.push({ field: 'amount', message: validationMessages.money(AMOUNT) });
  else if ((parseMoneyToCents(amount) ?? 0) > balanceDue)
    problems.push({
      field: 'amount',
      message: `The payment cannot be more than the balance of ${formatCurrency(balanceDue)}.`,
    });
  if (values.paymentType === 'CARDONFILE' && values.cardId === null)
    problems.push({ field: 'cardId', message: 'Add a Card' });
  if (values.paymentType === 'CHECK' && values.checkNum.trim().length > CHECK_NUMBER_MAX)
    problems.push({
      field: 'checkNum',
      message: `The check number can be at most ${CHECK_NUMBER_MAX} characters.`,
    });
  if (values.note.trim().length > NOTE_MAX)
    problems.push({ field: 'note', message: `The note can be at most ${NOTE_MAX} characters.` });
  return problems;
}

/** What processBalance is sent: cents, trimmed, and only the fields of the chosen type. */
export function paymentBody(planId: number, values: PaymentValues) {
  if (values.paymentType === 'ADJ') {
    return {
      paymentPlanId: planId,
      paymentType: 'ADJ' as const,
      amount: parseMoneyToCents(values.adjustmentAmount.trim()) ?? 0,
      description: values.description.trim(),
      type: values.adjustmentType,
    };
  }
  const note = values.note.trim();
  const checkNum = values.checkNum.trim();
  return {
    paymentPlanId: planId,
    paymentType: values.paymentType,
    amount: parseMoneyToCents(values.amount.trim()) ?? 0,
    ...(values.paymentType === 'CARDONFILE' && values.cardId !== null
      ? { customerSavedCardId: values.cardId }
      : {}),
    ...(values.paymentType === 'CHECK' && checkNum ? { checkNum } : {}),
    ...(note ? { note } : {}),
  };
}

/** The note grows from 3 to 6 rows with its lines (spec: notes field 3 to 6 rows). */
export function noteRows(note: string, wrappedLines = 0): number {
  const lines = Math.max(note.split('\n').length, wrappedLines);
  return Math.min(6, Math.max(3, lines));
}
