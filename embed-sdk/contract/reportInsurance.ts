/**
 * The Insurance reimbursements report (`#/reports/insurance`, Open Dental practices only: elsewhere
 * the call answers 404, as every reimbursements call does): what the carriers reimbursed and wrote
 * off, and what the patients were asked to pay of the rest and have paid, by carrier.
 *
 * A reimbursement counts in the period of its date (the day the carrier paid, as the Reimbursements
 * page's date filter counts it). With clinics, a reimbursement's figures are those of its patients of
 * those clinics (its details rows), and it counts once when any of its patients is of them.
 */
import { z } from 'zod';
import { Cents } from './common.js';
import { post } from './endpoint.js';
import { ReportRangeFields, checkRange } from './reports.js';

export const ReimbursementFigures = z.object({
  /** Reimbursements dated in the period. */
  count: z.number().int().min(0),
  /** What the carriers paid. */
  reimbursed: Cents,
  /** What the practice wrote off. */
  writtenOff: Cents,
  /** What the patients were asked to pay (their shares' payment requests). */
  requestedPayment: Cents,
  /** What the patients have paid of it, up to now. */
  paid: Cents,
});
export type ReimbursementFigures = z.infer<typeof ReimbursementFigures>;

export const CarrierFigures = ReimbursementFigures.extend({ carrierName: z.string() });
export type CarrierFigures = z.infer<typeof CarrierFigures>;

export const InsuranceReport = z.object({
  totals: ReimbursementFigures,
  /** The carriers with a reimbursement in the period, most reimbursed first (then by name). */
  byCarrier: z.array(CarrierFigures),
});
export type InsuranceReport = z.infer<typeof InsuranceReport>;

export const reportInsurance = post('/api/reports/insurance', {
  writes: 'nothing',
  summary:
    'The Insurance reimbursements report (Open Dental): reimbursed, written off, requested from patients and paid by them, in the period, by carrier.',
  body: ReportRangeFields.superRefine(checkRange),
  value: InsuranceReport,
});
