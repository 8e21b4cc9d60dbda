/**
 * The new reimbursement's form: its values (money as typed), where they start (each procedure's
 * amounts from the claim's estimates, the SDK's `prefillPosting`; each patient's channels from their
 * claim), what is wrong with them (the form's own checks, then the rules the server applies too,
 * embed-sdk/rules/reimbursement.ts, and the part-1 channel rules for every patient asked for a
 * share) and the create call's body, in cents.
 */
import { z } from 'zod/mini';
import type { Claim, ClaimProcedure } from '../../../embed-sdk/contract/insurance.js';
import { channelProblems, type ChannelValues } from '../../../embed-sdk/validation/channels.js';
import { validationMessages } from '../../../embed-sdk/validation/messages.js';
import { centsToMoneyInput, isMoney, parseMoneyToCents } from '../../../embed-sdk/validation/money.js';
import { channelPrefill } from '../../ui/channels.js';
import { prefillPosting, reimbursementProblems } from '../../../embed-sdk/rules/reimbursement.js';

export type AmountField = 'amountToPay' | 'amountToWriteOff' | 'amountToCollect';

export interface ProcedureValues {
  claimProcedureId: number;
  fee: number;
  amountToPay: string;
  amountToWriteOff: string;
  amountToCollect: string;
}

export interface ClaimValues {
  claimId: number;
  customerId: number;
  chosen: boolean;
  procedures: ProcedureValues[];
}

/** Where one patient's share is requested. */
export interface ShareValues extends ChannelValues {
  customerId: number;
}

export type FundingChoice = 'CHECK' | 'CARD';

export interface NewReimbursementValues {
  date: string;
  carrierName: string;
  fundingSource: FundingChoice;
  checkNumber: string;
  amount: string;
  claims: ClaimValues[];
  requests: ShareValues[];
}

export const FIELD_LABELS: Record<AmountField, string> = {
  amountToPay: 'Reimbursement',
  amountToWriteOff: 'Write Off',
  amountToCollect: 'Patient Share',
};

export const MESSAGES = {
  date: 'Enter the date the carrier paid.',
  carrier: 'Choose a carrier.',
  claims: 'Choose at least one claim.',
  checkNumber: 'Enter the check number.',
  amountLabel: 'Amount',
} as const;

export function emptyReimbursement(date: string): NewReimbursementValues {
  return {
    date,
    carrierName: '',
    fundingSource: 'CHECK',
    checkNumber: '',
    amount: '',
    claims: [],
    requests: [],
  };
}

/** A procedure's amounts as the estimate has them: the carrier's estimate, its write-off, the rest the patient's. */
export function procedurePrefill(p: ClaimProcedure): ProcedureValues {
  const start = prefillPosting(p);
  return {
    claimProcedureId: p.claimProcedureId,
    fee: p.fee,
    amountToPay: centsToMoneyInput(start.amountToPay),
    amountToWriteOff: centsToMoneyInput(start.amountToWriteOff),
    amountToCollect: centsToMoneyInput(start.amountToCollect),
  };
}

/** The claims to choose from (none chosen yet), and one share request per patient, from their claim. */
export function claimsPrefill(claims: readonly Claim[]): Pick<NewReimbursementValues, 'claims' | 'requests'> {
  const requests: ShareValues[] = [];
  for (const c of claims) {
    if (!requests.some((r) => r.customerId === c.customerId))
      requests.push({ customerId: c.customerId, ...channelPrefill(c) });
  }
  return {
    claims: claims.map((c) => ({
      claimId: c.claimId,
      customerId: c.customerId,
      chosen: false,
      procedures: c.procedures.map(procedurePrefill),
    })),
    requests,
  };
}

/** Typed money to cents, a leading minus kept (the rules name it); null when it is not money. */
export function amountCents(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  const negative = t.startsWith('-');
  const cents = parseMoneyToCents(negative ? t.slice(1) : t);
  return cents === null ? null : negative ? -cents : cents;
}

/** Each patient's share over the chosen claims, in cents (text that is not money counts 0). */
export function patientShares(values: Pick<NewReimbursementValues, 'claims'>): Map<number, number> {
  const shares = new Map<number, number>();
  for (const c of values.claims) {
    if (!c.chosen) continue;
    const share = c.procedures.reduce((sum, p) => sum + Math.max(0, amountCents(p.amountToCollect) ?? 0), 0);
    shares.set(c.customerId, (shares.get(c.customerId) ?? 0) + share);
  }
  return shares;
}

/** The running totals of the chosen claims, in cents. */
export function runningTotals(values: Pick<NewReimbursementValues, 'claims' | 'amount'>) {
  let reimbursed = 0;
  let writtenOff = 0;
  let requested = 0;
  for (const c of values.claims) {
    if (!c.chosen) continue;
    for (const p of c.procedures) {
      reimbursed += amountCents(p.amountToPay) ?? 0;
      writtenOff += amountCents(p.amountToWriteOff) ?? 0;
      requested += amountCents(p.amountToCollect) ?? 0;
    }
  }
  const payment = isMoney(values.amount) ? (parseMoneyToCents(values.amount) ?? 0) : 0;
  return { reimbursed, writtenOff, requested, payment, difference: payment - reimbursed };
}

const AMOUNT_FIELDS = ['amountToPay', 'amountToWriteOff', 'amountToCollect'] as const;
type ProcedureCents = Record<AmountField, number>;

export interface FormProblem {
  /** The form's field path ('amount', 'claims.0.procedures.1.amountToPay', 'requests.0.cell'). */
  path: string;
  message: string;
}

/**
 * What is wrong, at its field. `claims` are the carrier's claims the form's `claims` holds, in the
 * same order (the rules name a procedure by its code and date).
 */
export function reimbursementFormProblems(
  values: NewReimbursementValues,
  claims: readonly Claim[],
): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) problems.push({ path: 'date', message: MESSAGES.date });
  if (!values.carrierName) problems.push({ path: 'carrierName', message: MESSAGES.carrier });
  if (values.fundingSource === 'CHECK' && values.checkNumber.trim() === '')
    problems.push({ path: 'checkNumber', message: MESSAGES.checkNumber });
  const amount = values.amount.trim();
  let payment: number | null = null;
  if (amount === '') problems.push({ path: 'amount', message: `The ${MESSAGES.amountLabel} is required.` });
  else if (!isMoney(amount))
    problems.push({ path: 'amount', message: validationMessages.money(MESSAGES.amountLabel) });
  else payment = parseMoneyToCents(amount);

  const chosen = values.claims.map((c, i) => [c, i] as const).filter(([c]) => c.chosen);
  if (values.carrierName && chosen.length === 0) problems.push({ path: 'claims', message: MESSAGES.claims });

  // The amounts as cents, each procedure with its path; text that is not money is named first.
  const procedures: (ProcedureCents & { customerId: number; path: string; procedure: ClaimProcedure })[] = [];
  let allMoney = true;
  for (const [claim, ci] of chosen) {
    claim.procedures.forEach((p, pi) => {
      const path = `claims.${ci}.procedures.${pi}`;
      const cents: Partial<ProcedureCents> = {};
      for (const field of AMOUNT_FIELDS) {
        const value = amountCents(p[field]);
        if (value === null) {
          allMoney = false;
          problems.push({ path: `${path}.${field}`, message: validationMessages.money(FIELD_LABELS[field]) });
        } else cents[field] = value;
      }
      const procedure = claims[ci]?.procedures[pi];
      if (procedure)
        procedures.push({ ...(cents as ProcedureCents), customerId: claim.customerId, path, procedure });
    });
  }
  if (allMoney && chosen.length > 0) {
    const shares = patientShares(values);
    const rules = reimbursementProblems({
      paymentAmount: payment ?? 0,
      procedures,
      requestCustomerIds: [...shares].filter(([, share]) => share > 0).map(([id]) => id),
      patients: claims,
    });
    for (const problem of rules) {
      // The payment's amount is checked once it is money; the requests follow the shares here.
      if (problem.field === 'payment.amount') {
        if (payment !== null) problems.push({ path: 'amount', message: problem.message });
      } else if (problem.field.startsWith('claims.')) {
        problems.push({ path: problem.field, message: problem.message });
      }
    }
  }

  const shares = patientShares(values);
  values.requests.forEach((r, ri) => {
    if ((shares.get(r.customerId) ?? 0) <= 0) return;
    for (const p of channelProblems(r))
      problems.push({ path: `requests.${ri}.${p.field}`, message: p.message });
  });
  return problems;
}

const procedureSchema = z.object({
  claimProcedureId: z.number(),
  fee: z.number(),
  amountToPay: z.string(),
  amountToWriteOff: z.string(),
  amountToCollect: z.string(),
});

/** The form's schema, for the carrier's claims it holds (see `reimbursementFormProblems`). */
export const newReimbursementSchema = (claims: readonly Claim[]) =>
  z
    .object({
      date: z.string(),
      carrierName: z.string(),
      fundingSource: z.enum(['CHECK', 'CARD']),
      checkNumber: z.string(),
      amount: z.string(),
      claims: z.array(
        z.object({
          claimId: z.number(),
          customerId: z.number(),
          chosen: z.boolean(),
          procedures: z.array(procedureSchema),
        }),
      ),
      requests: z.array(
        z.object({
          customerId: z.number(),
          notifyText: z.boolean(),
          cell: z.string(),
          notifyEmail: z.boolean(),
          email: z.string(),
        }),
      ),
    })
    .check(
      z.superRefine((values, ctx) => {
        for (const p of reimbursementFormProblems(values, claims)) {
          ctx.issues.push({
            code: 'custom',
            path: p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
            message: p.message,
            input: values,
          });
        }
      }),
    );

export type PaymentPart =
  | { fundingSource: 'CHECK'; checkNumber: string; amount: number }
  | { fundingSource: 'CARD'; nonce: string; amount: number };

/** The payment as sent: the check's number, or the card frame's nonce, with the amount in cents. */
export function paymentOf(values: NewReimbursementValues, nonce?: string): PaymentPart {
  const amount = parseMoneyToCents(values.amount) ?? 0;
  return values.fundingSource === 'CARD'
    ? { fundingSource: 'CARD', nonce: nonce ?? '', amount }
    : { fundingSource: 'CHECK', checkNumber: values.checkNumber.trim(), amount };
}

/** The create call's body: the chosen claims with every procedure's amounts, a request per share. */
export function createBody(values: NewReimbursementValues, payment: PaymentPart) {
  const shares = patientShares(values);
  return {
    date: values.date,
    carrierName: values.carrierName,
    payment,
    claims: values.claims
      .filter((c) => c.chosen)
      .map((c) => ({
        claimId: c.claimId,
        procedures: c.procedures.map((p) => ({
          claimProcedureId: p.claimProcedureId,
          amountToPay: amountCents(p.amountToPay) ?? 0,
          amountToWriteOff: amountCents(p.amountToWriteOff) ?? 0,
          amountToCollect: amountCents(p.amountToCollect) ?? 0,
        })),
      })),
    requests: values.requests
      .filter((r) => (shares.get(r.customerId) ?? 0) > 0)
      .map((r) => ({
        customerId: r.customerId,
        notifyText: r.notifyText,
        cell: r.notifyText ? r.cell.trim() : '',
        notifyEmail: r.notifyEmail,
        email: r.notifyEmail ? r.email.trim() : '',
        message: '',
      })),
  };
}
