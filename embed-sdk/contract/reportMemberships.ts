/**
 * The Memberships report (`#/reports/memberships`): who is a member, who joined and who left in the
 * period, what the memberships bring in a month, and the renewals coming up. Every figure counts
 * memberships whose patient (the membership's holder) is of one of the clinics asked for
 * (customers.clinic_num), all the practice's when none are. A membership awaiting the patient's
 * enrolment is never counted.
 *
 * - A membership is active on a day when it started on or before that day and was neither canceled
 *   (cancelled_date) nor expired (expired_date) before the day was over.
 * - `active`: memberships active on the period's last day; `members` the people they cover (their
 *   lines' quantities: a family membership covers several).
 * - `new`: memberships that started on a day of the period; `canceled`: memberships canceled on a day
 *   of the period.
 * - `churnPercent`: `canceled ÷ activeAtStart × 100`, rounded to one decimal, where `activeAtStart`
 *   counts the memberships active on the day before the period's first day; null when none were.
 * - `monthlyRecurringRevenue`: the sum over the active memberships of their price a month: a monthly
 *   membership's price, a yearly one's price ÷ 12, rounded to the cent once, on the sum. Surcharges
 *   are not in it (a surcharge is added to each charge by the card used, not part of the price).
 * - `renewals`: memberships active now whose term renews (renews_on) in the 30 days after the period's
 *   last day; `amount` is what they will be charged, before surcharges.
 * - `collected`: the membership payments (source MEMBERSHIP) approved on a day of the period, of
 *   patients of the clinics asked for: their count and their amount, surcharges included, less
 *   nothing (refunds are the Collections report's). The transactions list filtered to those days,
 *   source Membership, status Paid and the clinics lists the same payments.
 * - `byPlan`: the active memberships' lines by membership plan: the members each plan covers and its
 *   share of the monthly recurring revenue (a line's amount a month, as above), largest first.
 */
import { z } from 'zod';
import { Cents, RecordId } from './common.js';
import { post } from './endpoint.js';
import { ReportRangeFields, checkRange } from './reports.js';

export const MembershipsReportRequest = ReportRangeFields.superRefine(checkRange);
export type MembershipsReportRequest = z.infer<typeof MembershipsReportRequest>;

/** The days after the period's last day in which `renewals` counts a coming renewal. */
export const RENEWAL_DAYS = 30;

const Count = z.number().int().min(0);

export const MembershipsReport = z.object({
  active: Count,
  members: Count,
  activeAtStart: Count,
  new: Count,
  canceled: Count,
  churnPercent: z.number().min(0).nullable(),
  monthlyRecurringRevenue: Cents,
  renewals: z.object({ count: Count, amount: Cents }),
  collected: z.object({ count: Count, amount: Cents }),
  byPlan: z.array(
    z.object({ planId: RecordId, label: z.string(), members: Count, monthlyRecurringRevenue: Cents }),
  ),
});
export type MembershipsReport = z.infer<typeof MembershipsReport>;

export const membershipsReport = post('/api/reports/memberships', {
  writes: 'nothing',
  summary:
    'The Memberships report: active members, new and canceled in the period, churn, monthly recurring revenue, renewals coming up, what memberships collected in the period and the members by plan.',
  body: MembershipsReportRequest,
  value: MembershipsReport,
});
