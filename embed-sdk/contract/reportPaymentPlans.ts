/**
 * The Payment plans report (`#/reports/paymentPlans`): what patients still owe on plans, how late the
 * late part is, and the plans that ended in the period. Every figure counts plans whose patient is of
 * one of the clinics asked for (customers.clinic_num), all the practice's when none are.
 *
 * - `outstanding`: the balance of the plans ACTIVE now: the amounts due of their cycles not paid
 *   (no approved charge), whatever their billing date.
 * - `pastDue`: the plans' own past-due rule (the dashboard's and the Payment Plans page's "Past due"):
 *   a cycle of an ACTIVE plan whose charge was declined is past due. Its age is the days from its
 *   billing date to the period's last day: 0–30, 31–60, 61–90, over 90. Only cycles billed on or before
 *   the period's last day count, so for a period ending today the total is the dashboard's figure.
 *   `pastDue.plans` counts the plans with a past-due cycle (the Payment Plans page's `status=pastdue`).
 * - `completed` / `canceled`: the plans completed (status COMPLETE) or canceled (INACTIVE) on a day
 *   of the period, counted and their totals summed.
 * - `collected`: the plan payments (source PAYMENTPLAN) approved on a day of the period, of patients
 *   of the clinics asked for: their count and their amount, surcharges included, less nothing
 *   (refunds are the Collections report's). The transactions list filtered to those days, source
 *   Payment Plan, status Paid and the clinics lists the same payments (and Collections' Payment Plan
 *   source counts them).
 */
import { z } from 'zod';
import { Cents } from './common.js';
import { post } from './endpoint.js';
import { ReportRangeFields, checkRange } from './reports.js';

export const PaymentPlansReportRequest = ReportRangeFields.superRefine(checkRange);
export type PaymentPlansReportRequest = z.infer<typeof PaymentPlansReportRequest>;

export const PAST_DUE_AGES = ['0-30', '31-60', '61-90', 'over90'] as const;
export const PastDueAge = z.enum(PAST_DUE_AGES);
export type PastDueAge = z.infer<typeof PastDueAge>;

const Count = z.number().int().min(0);
const Ended = z.object({ count: Count, amount: Cents });

export const PaymentPlansReport = z.object({
  outstanding: z.object({ plans: Count, amount: Cents }),
  pastDue: z.object({
    plans: Count,
    amount: Cents,
    /** Every age, in order, zero when none. */
    byAge: z.array(z.object({ age: PastDueAge, cycles: Count, amount: Cents })),
  }),
  completed: Ended,
  canceled: Ended,
  collected: z.object({ count: Count, amount: Cents }),
});
export type PaymentPlansReport = z.infer<typeof PaymentPlansReport>;

export const paymentPlansReport = post('/api/reports/paymentPlans', {
  writes: 'nothing',
  summary:
    'The Payment plans report: the balance outstanding, the past-due amount by age, the plans completed and canceled and what was collected on plans in the period.',
  body: PaymentPlansReportRequest,
  value: PaymentPlansReport,
});
