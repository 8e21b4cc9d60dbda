/**
 * The Practice-system sync report (`#/reports/sync`): the period's payments that have not reached
 * the practice system, waiting or failed, by day, and each of them with its failure's reason.
 *
 * The states are the transactions list's (embed-sdk/format/transactions.ts `syncStateOf`): only an
 * approved payment of a patient, not removed, is posted. PENDING: not posted yet (an unassociated
 * payment is not counted: it has no patient to post to). FAILED: its posting failed (Retry queues it
 * again, and it is PENDING from then). A payment counts on the day it was made (the server's
 * calendar, as the transactions list's date filter); its amount is what it charged, surcharge
 * included. With clinics, only the payments of patients of those clinics.
 */
import { z } from 'zod';
import { CalendarDay, Cents } from './common.js';
import { post } from './endpoint.js';
import { ReportRangeFields, checkRange } from './reports.js';

export const UnpostedState = z.enum(['PENDING', 'FAILED']);
export type UnpostedState = z.infer<typeof UnpostedState>;

/** The records listed at most: the oldest first, so what has waited longest is on top. */
export const MAX_SYNC_RECORDS = 200;

const Count = z.number().int().min(0);

export const SyncFigures = z.object({
  pendingCount: Count,
  pendingAmount: Cents,
  failedCount: Count,
  failedAmount: Cents,
});
export type SyncFigures = z.infer<typeof SyncFigures>;

export const SyncDay = SyncFigures.extend({ day: CalendarDay });
export type SyncDay = z.infer<typeof SyncDay>;

/** A payment not posted: enough to recognise it, and the reason of its latest failure. */
export const SyncRecord = z.object({
  /** The transaction's id. */
  id: z.number().int(),
  /** Its transaction ID as people see it (the reference's first segment). */
  transactionId: z.string(),
  created: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  amount: Cents,
  state: UnpostedState,
  /** Why its latest posting failed, as the connector said it; null for a PENDING one. */
  reason: z.string().nullable(),
});
export type SyncRecord = z.infer<typeof SyncRecord>;

export const SyncReport = z.object({
  totals: SyncFigures,
  /** The days with a payment not posted, oldest first. */
  byDay: z.array(SyncDay),
  /** The failures by reason, most first. */
  byReason: z.array(z.object({ reason: z.string(), count: Count, amount: Cents })),
  /** The payments themselves, oldest first, at most MAX_SYNC_RECORDS (the totals count them all). */
  records: z.array(SyncRecord),
});
export type SyncReport = z.infer<typeof SyncReport>;

export const reportSync = post('/api/reports/sync', {
  writes: 'nothing',
  summary:
    "The Practice-system sync report: the period's payments not yet posted to the practice system, and the failed ones with their reason, by day.",
  body: ReportRangeFields.superRefine(checkRange),
  value: SyncReport,
});
