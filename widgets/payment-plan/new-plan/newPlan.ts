/**
 * The New Payment Plan form's rules and what it sends. The terms (patient, total, down payment,
 * cycles, frequency, first billing date, card or cash) are checked as the contract's `preview` and
 * `create` check them, in the same words, so the schedule is previewed only for terms the server
 * takes; the authorization (method, signature) is checked on saving. Money is the spec's rule:
 * 'The {field} is not a currency value.' (the total must start 1-9, the down payment may be 0).
 */
import dayjs from 'dayjs';
import { z } from 'zod/mini';
import {
  MAX_CYCLES,
  MAX_PLAN_TOTAL,
  type ApprovedMethod,
  type Frequency,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { ISO_DAY_FORMAT } from '../../../embed-sdk/format/index.js';
import { validationMessages } from '../../../embed-sdk/validation/messages.js';
import { isMoney, isMoneyZeroOk, parseMoneyToCents } from '../../../embed-sdk/validation/money.js';
import { NEW_PLAN_MESSAGES as M, NEW_PLAN_TEXT } from './texts.js';

export type PaidBy = 'CARD' | 'CASH';

export interface NewPlanValues {
  customerId: number | null;
  total: string;
  downPayment: string;
  cycleCount: string;
  frequency: Frequency;
  /** YYYY-MM-DD. */
  firstBillingDate: string;
  paidBy: PaidBy;
  /** The card on file the plan is billed to (a card plan). */
  customerSavedCardId: number | null;
  approvedMethod: ApprovedMethod | '';
  signature: string;
}

export type NewPlanField = keyof NewPlanValues;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The earliest first billing date the form offers: tomorrow (today is the down payment's day). */
export const firstBillingMin = (day: string) => dayjs(day).add(1, 'day').format(ISO_DAY_FORMAT);

export function emptyPlan(customerId: number | null, day: string): NewPlanValues {
  return {
    customerId,
    total: '',
    downPayment: '',
    cycleCount: '12',
    frequency: 'MONTHLY',
    firstBillingDate: dayjs(day).add(1, 'month').format(ISO_DAY_FORMAT),
    paidBy: 'CARD',
    customerSavedCardId: null,
    approvedMethod: '',
    signature: '',
  };
}

interface Problem {
  field: NewPlanField;
  message: string;
}

/** The terms as the preview and create calls take them, or the problems that keep them from it. */
export function readTerms(values: NewPlanValues, day: string) {
  const problems: Problem[] = [];
  if (values.customerId === null) problems.push({ field: 'customerId', message: M.patientRequired });

  let total: number | null = null;
  const totalText = values.total.trim();
  if (totalText === '') problems.push({ field: 'total', message: M.totalRequired });
  else if (!isMoney(totalText))
    problems.push({ field: 'total', message: validationMessages.money(NEW_PLAN_TEXT.total) });
  else {
    total = parseMoneyToCents(totalText);
    if (total === null || total > MAX_PLAN_TOTAL) {
      problems.push({ field: 'total', message: M.totalTooLarge });
      total = null;
    }
  }

  let downPayment: number | null = 0;
  const downText = values.downPayment.trim();
  if (downText !== '') {
    downPayment = isMoneyZeroOk(downText) ? parseMoneyToCents(downText) : null;
    if (downPayment === null)
      problems.push({
        field: 'downPayment',
        message: validationMessages.money(NEW_PLAN_TEXT.downPayment),
      });
    else if (total !== null && downPayment >= total)
      problems.push({ field: 'downPayment', message: M.downPaymentNotLess });
  }

  let cycleCount: number | null = null;
  const cyclesText = values.cycleCount.trim();
  if (cyclesText === '') problems.push({ field: 'cycleCount', message: M.cyclesRequired });
  else if (!/^\d+$/.test(cyclesText) || Number(cyclesText) < 1 || Number(cyclesText) > MAX_CYCLES)
    problems.push({ field: 'cycleCount', message: M.cyclesRange(MAX_CYCLES) });
  else {
    cycleCount = Number(cyclesText);
    if (total !== null && downPayment !== null && downPayment < total && total - downPayment < cycleCount)
      problems.push({ field: 'cycleCount', message: M.cyclesTooMany });
  }

  const date = values.firstBillingDate.trim();
  if (date === '') problems.push({ field: 'firstBillingDate', message: M.dateRequired });
  else if (!ISO_DAY.test(date) || !dayjs(date).isValid() || date <= day)
    problems.push({ field: 'firstBillingDate', message: M.dateTooEarly });

  const isCash = values.paidBy === 'CASH';
  if (!isCash && values.customerSavedCardId === null)
    problems.push({ field: 'customerSavedCardId', message: M.addACard });

  if (problems.length > 0) return { problems, terms: null };
  return {
    problems,
    terms: {
      customerId: values.customerId!,
      total: total!,
      downPayment: downPayment!,
      cycleCount: cycleCount!,
      frequency: values.frequency,
      firstBillingDate: date,
      ...(isCash ? { isCash: true } : { isCash: false, customerSavedCardId: values.customerSavedCardId! }),
    },
  };
}

export type PlanTerms = NonNullable<ReturnType<typeof readTerms>['terms']>;

export function planProblems(values: NewPlanValues, day: string): Problem[] {
  const problems = [...readTerms(values, day).problems];
  if (values.approvedMethod === '')
    problems.push({ field: 'approvedMethod', message: M.approvedMethodRequired });
  else if (values.approvedMethod === 'SIGNATURE' && values.signature.trim() === '')
    problems.push({ field: 'signature', message: M.signatureRequired });
  return problems;
}

/** The form's resolver schema; `day` is today when the form opened. */
export function newPlanSchema(day: string) {
  return z
    .object({
      customerId: z.nullable(z.number()),
      total: z.string(),
      downPayment: z.string(),
      cycleCount: z.string(),
      frequency: z.enum(['MONTHLY', 'BIWEEKLY', 'WEEKLY']),
      firstBillingDate: z.string(),
      paidBy: z.enum(['CARD', 'CASH']),
      customerSavedCardId: z.nullable(z.number()),
      approvedMethod: z.enum(['', 'SIGNATURE', 'VERBAL', 'WRITTEN']),
      signature: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        for (const p of planProblems(values, day)) {
          ctx.issues.push({ code: 'custom', path: [p.field], message: p.message, input: values });
        }
      }),
    );
}

/** What `create` is sent: the terms and how the patient approved them (a signature only with SIGNATURE). */
export function createBody(terms: PlanTerms, values: NewPlanValues) {
  const approvedMethod = values.approvedMethod as ApprovedMethod;
  return {
    ...terms,
    approvedMethod,
    ...(approvedMethod === 'SIGNATURE' ? { signature: values.signature.trim() } : {}),
  };
}

/** The contract's body fields, by the form field that shows their errors. */
const FIELD_OF: Record<string, NewPlanField> = {
  customerId: 'customerId',
  total: 'total',
  downPayment: 'downPayment',
  cycleCount: 'cycleCount',
  frequency: 'frequency',
  firstBillingDate: 'firstBillingDate',
  customerSavedCardId: 'customerSavedCardId',
  isCash: 'paidBy',
  approvedMethod: 'approvedMethod',
  signature: 'signature',
};

/**
 * A 400 envelope's errors ('body.downPayment: The down payment must be less than the total.') by the
 * field that shows them; what names no field of the form stays in `other`.
 */
export function serverFieldErrors(errors: readonly string[]) {
  const fields: Partial<Record<NewPlanField, string>> = {};
  const other: string[] = [];
  for (const error of errors) {
    const match = /^body\.([A-Za-z]+)(?:\.[^:]*)?:\s*(.+)$/s.exec(error);
    const field = match ? FIELD_OF[match[1]!] : undefined;
    if (field && !fields[field]) fields[field] = match![2]!;
    else if (!field) other.push(error);
  }
  return { fields, other };
}
