/**
 * Bulk payment requests (Settings › Bulk payment requests, MANAGESETTINGS): many patients each get a
 * payment request in one action — everyone with a balance in the practice system, or a list pasted
 * from it (rules/bulkRequestList.ts reads it, here and in the panel). A preview says how many and
 * how much; the send starts a run that the server works through in small steps, on whichever
 * instance holds its claim, and the panel polls the run for its progress and its summary.
 *
 * Sending twice by mistake sends nothing twice: the send's Idempotency-Key names its run, so a
 * repeat answers the same run. A new key with the same patients makes a new run, whose patients who
 * already have an open request for the same amount from a bulk send of the last
 * BULK_REPEAT_WINDOW_HOURS hours are skipped and counted as such.
 */
import { z } from 'zod';
import { MAX_BULK_PATIENTS, parseBulkRequestList, problemText } from '../rules/bulkRequestList.js';
import { Cents } from './common.js';
import { get, post } from './endpoint.js';

/** How far back a bulk send looks for the same open request to the same patient (see above). */
export const BULK_REPEAT_WINDOW_HOURS = 24;

/** Why an item failed when the patient has neither channel. */
export const NO_CHANNEL_REASON = 'No mobile number or e-mail address.';

/** Why an item was skipped: a bulk send within the window asked the same, and it is still open. */
export const REPEAT_REASON = `Already sent this amount in a bulk send in the last ${BULK_REPEAT_WINDOW_HOURS} hours, still unpaid.`;

/** The longest pasted list, in characters: MAX_BULK_PATIENTS lines of a long form. */
const MAX_LIST_CHARS = MAX_BULK_PATIENTS * 40;

/** Who gets a request: `BALANCES` (everyone who owes in the practice system) or `LIST` (the pasted `list`). */
export const BulkSource = z.enum(['BALANCES', 'LIST']);
export type BulkSource = z.infer<typeof BulkSource>;

const Recipients = z
  .object({
    source: BulkSource,
    /** With `LIST`: one patient a line, "patient number, amount" (rules/bulkRequestList.ts). */
    list: z.string().max(MAX_LIST_CHARS, 'The list is too long.').default(''),
  })
  .strict();

/** The list's format is checked here; the patients' numbers against the practice's by the server. */
function checkList(value: { source: BulkSource; list: string }, ctx: z.RefinementCtx) {
  if (value.source !== 'LIST') return;
  const { lines, problems } = parseBulkRequestList(value.list);
  if (problems.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['list'],
      message: problems.slice(0, 5).map(problemText).join(' '),
    });
  } else if (lines.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['list'], message: 'Paste at least one patient.' });
  }
}

export const BulkPatient = z.object({
  /** The practice system's patient number. */
  patNum: z.number().int(),
  name: z.string(),
  amount: Cents,
});
export type BulkPatient = z.infer<typeof BulkPatient>;

export const BulkLineProblem = z.object({ line: z.number().int(), reason: z.string() });
export type BulkLineProblem = z.infer<typeof BulkLineProblem>;

export const BulkPreview = z.object({
  patients: z.array(BulkPatient),
  count: z.number().int(),
  total: Cents,
  /** The pasted lines that cannot be sent, by line number; nothing is sent while there is one. */
  problems: z.array(BulkLineProblem),
});
export type BulkPreview = z.infer<typeof BulkPreview>;

export const BulkItemStatus = z.enum(['PENDING', 'SENT', 'FAILED', 'SKIPPED']);
export type BulkItemStatus = z.infer<typeof BulkItemStatus>;

/** A patient of a run that got no request, and why. */
export const BulkOutcome = BulkPatient.extend({
  status: BulkItemStatus,
  reason: z.string(),
});
export type BulkOutcome = z.infer<typeof BulkOutcome>;

export const BulkRun = z.object({
  id: z.string(),
  created: z.string(),
  /** When every patient was sent, failed or skipped; null while it runs. */
  finished: z.string().nullable(),
  message: z.string(),
  count: z.number().int(),
  total: Cents,
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  /** The failed and skipped patients, in the run's order, with the reason. */
  notSent: z.array(BulkOutcome),
});
export type BulkRun = z.infer<typeof BulkRun>;

export const RunId = z.uuid('The id must be a bulk send id.');

export const previewBulkRequests = post('/api/settings/bulkRequests/preview', {
  summary:
    'Who a bulk send would reach and how much it asks: everyone with a balance in the practice system, or a pasted list (unknown patient numbers are named by line).',
  body: Recipients.superRefine(checkList),
  value: BulkPreview,
  writes: 'nothing',
});

export const sendBulkRequests = post('/api/settings/bulkRequests/send', {
  summary:
    'Starts a bulk send: each patient gets a payment request, as a single request would. Answers the run at once; the same Idempotency-Key answers the same run.',
  body: Recipients.extend({
    message: z.string().trim().max(500, 'The message can be at most 500 characters.').default(''),
  }).superRefine(checkList),
  value: BulkRun,
  idempotent: true,
});

export const bulkRequestRun = get('/api/settings/bulkRequests/run', {
  summary: "One of the current practice's bulk sends: its progress, then its summary.",
  query: z.object({ id: RunId }),
  value: BulkRun,
});

export const latestBulkRequestRun = get('/api/settings/bulkRequests/latest', {
  summary: "The current practice's latest bulk send (null for none), so the panel shows one still running.",
  value: z.object({ run: BulkRun.nullable() }),
});
