/**
 * The Collections report (reports.ts): what came in over a period, grouped by day, week or month and
 * split by source, payment method, clinic or provider.
 *
 * Collections are on a cash basis, as the dashboard's (dashboard.ts): an approved payment counts on
 * the day it was made; a refund or a void counts, as a deduction, on the day it was made, under the
 * source, payment method, clinic and provider of the payment it gives back, whenever that payment was
 * made. Declined payments never count. Days are the server's calendar (reports.ts); weeks start on
 * Monday. The clinic filter (`clinicNums`) applies to every figure: a payment's clinic is its
 * patient's clinic (0 for a payment with no patient).
 *
 * Figures (each a sum over the payments, refunds and voids of the period, bucket or split value):
 * - `count`: approved payments made (declined ones never; refunded or voided ones still do);
 * - `gross`: what those payments charged, surcharges included;
 * - `refunds`: refunds made, surcharges included; `voids`: voids made, surcharges included;
 * - `surcharges`: the payments' surcharges less the surcharges refunded or voided (the surcharges
 *   within `net`, as the dashboard's `surcharge`);
 * - `net` = `gross − refunds − voids`: what the practice kept (negative when refunds outweigh).
 * The totals equal the dashboard's for the same days (its `collected` is `gross`, its `refunded` is
 * `refunds + voids`).
 *
 * Splits: every money figure of the split values adds up to the total's, whatever the split.
 * - `source`: the payment's source;
 * - `method`: its payment method, a card's brand (CARD when unknown), CASH or CHECK (the dashboard's);
 * - `clinic`: its patient's clinic, named as the practice's clinics are ("No clinic" for 0);
 * - `provider`: the provider of the procedures its pay splits (the practice system's) are on. A
 *   payment's amount is apportioned: each provider gets what its splits on that provider's procedures
 *   hold; the rest (surcharges, what is on no procedure, a payment not posted yet) is "No provider"
 *   (`value` ''). A refund or void is apportioned by the splits it wrote back, the rest "No provider".
 *   A payment's `count` is under every provider one of its splits is on (as the transactions list's
 *   provider filter lists it), and under "No provider" when none of its splits is on a procedure, so
 *   the provider counts add up to more than the total when a payment pays several providers' work.
 *   The surcharges are on no procedure: they are "No provider"'s.
 */
import { z } from 'zod';
import { CalendarDay, Cents } from './common.js';
import { post } from './endpoint.js';
import { checkRange, ReportRangeFields } from './reports.js';

export const CollectionsGroupBy = z.enum(['day', 'week', 'month']);
export type CollectionsGroupBy = z.infer<typeof CollectionsGroupBy>;

export const CollectionsSplitBy = z.enum(['source', 'method', 'clinic', 'provider']);
export type CollectionsSplitBy = z.infer<typeof CollectionsSplitBy>;

export const CollectionsRequest = ReportRangeFields.extend({
  /** By day when not given. */
  groupBy: CollectionsGroupBy.default('day'),
  /** By source when not given. */
  splitBy: CollectionsSplitBy.default('source'),
}).superRefine(checkRange);
export type CollectionsRequest = z.infer<typeof CollectionsRequest>;

export const CollectionsFigures = z.object({
  count: z.number().int().min(0),
  gross: Cents,
  refunds: Cents,
  voids: Cents,
  surcharges: Cents,
  net: Cents,
});
export type CollectionsFigures = z.infer<typeof CollectionsFigures>;

/** One value of the split: a source, a method, a clinic's number or a provider ('' for none). */
export const CollectionsSplitValue = z.object({
  /** The value as the transactions list's filter takes it: 'TERMINAL', 'VISA', '2', 'DDS1', ''. */
  value: z.string(),
  /** Its name in the table: "Terminal", "Visa", "Downtown", "No provider". */
  label: z.string(),
});
export type CollectionsSplitValue = z.infer<typeof CollectionsSplitValue>;

export const CollectionsSplitFigures = CollectionsFigures.extend(CollectionsSplitValue.shape);
export type CollectionsSplitFigures = z.infer<typeof CollectionsSplitFigures>;

export const CollectionsBucket = z.object({
  /** The bucket's first day in the period (YYYY-MM-DD): the day, the week's Monday or the 1st, or `from`. */
  start: CalendarDay,
  /** Its last day in the period: the day, the Sunday, the month's end, or `to`. */
  end: CalendarDay,
  totals: CollectionsFigures,
  /** The split values with a payment, refund or void in the bucket, in `bySplit`'s order. */
  bySplit: z.array(CollectionsSplitFigures),
});
export type CollectionsBucket = z.infer<typeof CollectionsBucket>;

export const CollectionsReport = z.object({
  totals: CollectionsFigures,
  /** Split values with a payment, refund or void in the period, largest `net` first. */
  bySplit: z.array(CollectionsSplitFigures),
  /** Every bucket of the period, oldest first, with or without activity. */
  buckets: z.array(CollectionsBucket),
});
export type CollectionsReport = z.infer<typeof CollectionsReport>;

export const reportCollections = post('/api/reports/collections', {
  writes: 'nothing',
  summary:
    "The practice's collections over a period (gross, refunds, voids, surcharges, net, count), in total, by split value and by day, week or month. Needs VIEWDASHBOARD.",
  body: CollectionsRequest,
  value: CollectionsReport,
});
