/**
 * The portal's dashboard: the practice's collections and what needs attention, in one answer.
 *
 * Periods follow the server's calendar (the sandbox clock's time zone) and run from their start to
 * `asOf`: today since midnight, this week since Monday, this month since the 1st.
 *
 * Collections are on a cash basis, surcharges included: an approved payment counts on the day it was
 * made, and a refund or void counts (as a deduction) on the day it was made, under the source and
 * payment method of the payment it gave back, whenever that payment was made. Declined payments never
 * count. So `net` is what the practice kept in the period.
 */
import { z } from 'zod';
import { CalendarDay, CardType, Cents, IsoDateTime, TransactionSource } from './common.js';
import { get } from './endpoint.js';

export const CollectionPeriod = z.enum(['today', 'week', 'month']);
export type CollectionPeriod = z.infer<typeof CollectionPeriod>;

/** A card brand, a card of unknown brand, cash or check. */
export const PaymentMethod = z.enum([...CardType.options, 'CARD', 'CASH', 'CHECK']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Collections = z.object({
  /** Approved payments made in the period. */
  count: z.number().int().min(0),
  /** What those payments charged, surcharges included. */
  collected: Cents,
  /** Refunds and voids made in the period, surcharges included. */
  refunded: Cents,
  /** `collected − refunded`: what the practice kept. Negative when refunds outweigh payments. */
  net: Cents,
  /** The surcharges within `net`. */
  surcharge: Cents,
});
export type Collections = z.infer<typeof Collections>;

export const SourceCollections = Collections.extend({ source: TransactionSource });
export type SourceCollections = z.infer<typeof SourceCollections>;

export const MethodCollections = Collections.extend({ method: PaymentMethod });
export type MethodCollections = z.infer<typeof MethodCollections>;

export const PeriodCollections = z.object({
  /** The period's first calendar day (YYYY-MM-DD): today, this week's Monday, the 1st of the month. */
  startDate: CalendarDay,
  totals: Collections,
  /** Sources with a payment or a refund in the period, largest `net` first. */
  bySource: z.array(SourceCollections),
  /** Payment methods with a payment or a refund in the period, largest `net` first. */
  byMethod: z.array(MethodCollections),
});
export type PeriodCollections = z.infer<typeof PeriodCollections>;

export const Attention = z.object({
  /** Payment requests neither paid nor canceled; `amount` is what they ask for, before surcharges. */
  openPaymentRequests: z.object({ count: z.number().int().min(0), amount: Cents }),
  /**
   * Active plans with a past-due balance (the sum of their declined cycles, as the plan's
   * balancePastDue); `amount` is the sum of those balances.
   */
  pastDuePaymentPlans: z.object({ count: z.number().int().min(0), amount: Cents }),
  /**
   * Memberships needing attention, each counted once under its most pressing reason, so the three
   * add up to `count`. Each figure is the count of the Memberships page's filter of the same name
   * (one condition each, server/memberships/store.ts ATTENTION): `count` Needs attention,
   * - `pastDue` Past due: active, with a balance left by a declined billing;
   * - `cardExpiring` Card expiring: active, not past due, with a next billing date, and no active
   *   card on file or one that expires before that date (the billing would be declined);
   * - `awaitingPatient` Awaiting: the patient has not completed enrollment.
   */
  membershipsNeedingAttention: z.object({
    count: z.number().int().min(0),
    pastDue: z.number().int().min(0),
    cardExpiring: z.number().int().min(0),
    awaitingPatient: z.number().int().min(0),
  }),
});
export type Attention = z.infer<typeof Attention>;

export const DashboardSummary = z.object({
  /** The server's now (the sandbox clock), the end of every period. */
  asOf: IsoDateTime,
  periods: z.object({ today: PeriodCollections, week: PeriodCollections, month: PeriodCollections }),
  attention: Attention,
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

export const summary = get('/api/dashboard/summary', {
  summary:
    "The current practice's collections today, this week and this month (totals, by source, by payment method) and what needs attention. Needs VIEWDASHBOARD.",
  value: DashboardSummary,
});
