/**
 * A new payment plan: its schedule previewed, then saved. The preview and the saved plan are the same
 * `generateSchedule` call with the same inputs (today from the sandbox clock), so what staff saw is
 * what is saved. A card plan is billed at once for what is due today (its down payment).
 */
import type * as contract from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency, formatDate } from '../../embed-sdk/format/index.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { customerOrNotFound } from '../patients/customers.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { findCard } from '../saved-cards/store.js';
import { lineSurcharge } from '../../embed-sdk/rules/surcharge.js';
import { generateSchedule, type ScheduledCycle } from '../domain/payment-plans/generateSchedule.js';
import { surchargeRateFor, type CardFunding } from '../../embed-sdk/rules/surcharge.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { billPlan } from './billing.js';
import { insertPlan, planByCreateKey } from './store.js';

type Terms = {
  customerId: number;
  total: number;
  downPayment: number;
  cycleCount: number;
  frequency: contract.Frequency;
  firstBillingDate: string;
  customerSavedCardId?: number;
  isCash: boolean;
};

/** The schedule and surcharge a plan with these terms gets today; 404 for a card or patient not the practice's. */
export async function planTerms(ctx: AppContext, practice: PracticeId, terms: Terms) {
  const customer = await customerOrNotFound(ctx, practice, terms.customerId);
  const company = await practiceOrNotFound(ctx, practice);
  let card: NonNullable<Awaited<ReturnType<typeof findCard>>> | null = null;
  if (!terms.isCash) {
    card = await findCard(ctx.db, practice, terms.customerSavedCardId!);
    if (!card?.isActive || card.customerId !== customer.id) throw new NotFoundError('The card');
  }
  const today = ctx.clock.today();
  if (terms.firstBillingDate < today) {
    throw new BusinessError(`The first billing date cannot be before today (${formatDate(today)}).`);
  }
  let rows: ScheduledCycle[];
  try {
    rows = generateSchedule({
      total: terms.total,
      downPayment: terms.downPayment,
      cycles: terms.cycleCount,
      firstBillingDate: terms.firstBillingDate,
      frequency: terms.frequency,
      createdDate: today,
    });
  } catch (error) {
    // The contract checks the same rules first; this keeps a gap between the two from becoming a 500.
    if (error instanceof RangeError) throw new BusinessError(error.message);
    throw error;
  }
  const surchargeRateBps = card === null ? 0 : surchargeRateFor(company, card.funding as CardFunding);
  const hasSurcharge = surchargeRateBps > 0;
  return { customer, company, card, rows, hasSurcharge, surchargeRateBps };
}

export function previewRows(
  rows: ScheduledCycle[],
  plan: { hasSurcharge: boolean; surchargeRateBps: number },
): contract.PreviewRow[] {
  return rows.map((r) => {
    const surcharge = lineSurcharge(r.amountDue, plan);
    return { ...r, surcharge, total: r.amountDue + surcharge };
  });
}

/** The agreement's standard text when staff give none. */
export function standardAgreement(terms: Terms, practiceName: string, rows: ScheduledCycle[]): string {
  const installments = rows.filter((r) => !r.isDownPayment);
  const down = rows.find((r) => r.isDownPayment);
  const how = terms.isCash ? 'paid in cash or by check' : 'charged to my card on file';
  const frequency = terms.frequency.toLowerCase();
  return [
    `I agree to pay ${practiceName} ${formatCurrency(terms.total)}`,
    down ? `: a down payment of ${formatCurrency(down.amountDue)} today and` : ' in',
    ` ${installments.length} ${frequency} payments starting ${formatDate(terms.firstBillingDate)}, ${how}.`,
  ].join('');
}

/**
 * Saves the plan and bills a card plan's down payment. The plan keeps the request's Idempotency-Key:
 * the request run again after its server stopped finds it, and its billing finds the down payment's
 * charge (its key is the row's, made by this request: claimed, it is replayed; recorded, nothing is
 * due), so that it makes neither a second plan nor a second charge.
 */
export async function createPlan(
  ctx: AppContext,
  practice: PracticeId,
  body: Terms & { approvedMethod: contract.ApprovedMethod; signature?: string; template?: string },
  ipAddress: string,
  requestKey: string,
): Promise<number> {
  const made = await planByCreateKey(ctx.db, practice, requestKey);
  if (made) {
    if (!made.isCash) await billPlan(ctx, made);
    return made.id;
  }
  const { company, card, rows, hasSurcharge, surchargeRateBps } = await planTerms(ctx, practice, body);
  const now = ctx.clock.now();
  const plan = await ctx.db.transaction((tx) =>
    insertPlan(
      tx,
      practice,
      {
        customerId: body.customerId,
        status: 'ACTIVE',
        frequency: body.frequency,
        total: body.total,
        cycleCount: body.cycleCount,
        isCash: body.isCash,
        customerSavedCardId: card?.id ?? null,
        hasSurcharge,
        surchargeRateBps,
        approvedMethod: body.approvedMethod,
        ipAddress,
        signature: body.signature ?? null,
        template: body.template || standardAgreement(body, company.name, rows),
        approvedDate: now,
        createdAt: now,
        createKey: requestKey,
      },
      rows.map((r) => ({
        cycle: r.cycle,
        isDownPayment: r.isDownPayment,
        billingDate: r.billingDate,
        amountDue: r.amountDue,
      })),
    ),
  );
  if (!plan.isCash) await billPlan(ctx, plan);
  return plan.id;
}
