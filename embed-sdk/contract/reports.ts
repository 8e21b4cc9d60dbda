/**
 * Reports (`#/reports`, VIEWDASHBOARD): what every report shares. A report is asked for a period of
 * calendar days and, optionally, some of the practice's clinics; each report adds its own options
 * (collections' grouping and split, for one) in its own contract file (reportCollections.ts, …).
 *
 * Days are the server's calendar, the one the transactions list's date filter uses
 * (server/domain/dateRange.ts), so a day's figure and the list filtered to that day count the same
 * rows. Both days are included.
 *
 * Every report exports CSV through one pair of calls: `exportReport` answers a link that lives a
 * minute, signed like the transactions export's, and `exportReportCsv` streams the file it names.
 */
import { z } from 'zod';
import { IsoDate, RecordId, eachOnce } from './common.js';
import { post, get } from './endpoint.js';

export const REPORT_NAMES = [
  'collections',
  'paymentPlans',
  'memberships',
  'paymentRequests',
  'insurance',
  'sync',
] as const;
export const ReportName = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof ReportName>;

/** The longest period a report covers: five years and a day, enough for any year-over-year look. */
export const MAX_REPORT_DAYS = 1_827;

const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;

/** The period and the clinics: every report's request starts with these. */
export const ReportRangeFields = z.object({
  /** The first day of the period (the server's calendar). */
  from: IsoDate,
  /** The last day of the period, included. */
  to: IsoDate,
  /** Only these clinics' records; every clinic of the practice when absent or empty. */
  clinicNums: eachOnce(z.array(RecordId).max(100), {
    keyOf: (clinicNum) => clinicNum,
    message: 'names a clinic twice',
  }).optional(),
});
export type ReportRangeFields = z.infer<typeof ReportRangeFields>;

/** The checks every report's request makes on its period (add them with `.superRefine(checkRange)`). */
export function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (range.to < range.from) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date must not be before the start date.',
    });
  } else if (dayNumber(range.to) - dayNumber(range.from) + 1 > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most five years.' });
  }
}

export const ReportRange = ReportRangeFields.superRefine(checkRange);
export type ReportRange = z.infer<typeof ReportRange>;

export const exportReport = post('/api/reports/export', {
  writes: 'nothing',
  summary:
    "A short-lived link that downloads a report as CSV with the filters given (the report's own request); the browser streams it to a file.",
  body: z.object({
    report: ReportName,
    /** The report's request, as its own call takes it. */
    filters: z.record(z.string(), z.unknown()),
  }),
  value: z.object({ url: z.string(), expires: z.string() }),
});

export const exportReportCsv = get('/api/reports/export.csv', {
  summary: "The CSV a report's export link names (the link's token is its credential, for one minute).",
  query: z.object({
    token: z
      .string()
      .trim()
      .min(1)
      .max(4000)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This export link is not valid. Export the report again.'),
  }),
  binary: true,
});
