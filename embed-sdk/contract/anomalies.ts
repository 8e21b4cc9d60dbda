/**
 * The admin area's Anomalies (`#/admin/anomalies`, issue 35): what the platform's checks found that
 * needs a person, across every practice, each naming its record. The checks run as a background job
 * (every run of the sandbox's jobs, once across instances) and on demand; an anomaly is resolved by a
 * person with a note (audited), or by the check itself once it no longer holds. Administrators only.
 */
import { z } from 'zod';
import { Id, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';

/** A payment's posting still not done this long after it was queued. */
export const UNPOSTED_AFTER_MS = 15 * 60_000;
/** The same card charged the same amount twice within this. */
export const DOUBLE_CHARGE_WITHIN_MS = 2 * 60_000;
/** A plan past due whose notifications have been paused longer than this. */
export const PAUSED_PAST_DUE_DAYS = 30;

export const ANOMALY_KINDS = [
  'UNPOSTED_PAYMENT',
  'DOUBLE_CHARGE',
  'PAUSED_PAST_DUE',
  'RETIRED_PLAN_BILLING',
] as const;
export const AnomalyKind = z.enum(ANOMALY_KINDS);
export type AnomalyKind = z.infer<typeof AnomalyKind>;

/** Each rule as the screen names it. */
export const ANOMALY_TITLES: Record<AnomalyKind, string> = {
  UNPOSTED_PAYMENT: 'Payment not posted after 15 minutes',
  DOUBLE_CHARGE: 'Same card charged twice within 2 minutes',
  PAUSED_PAST_DUE: 'Past due with notifications paused over 30 days',
  RETIRED_PLAN_BILLING: 'Membership billing a retired plan',
};

export const AnomalyRecordType = z.enum(['transaction', 'paymentPlan', 'membership']);
export type AnomalyRecordType = z.infer<typeof AnomalyRecordType>;

export const Anomaly = z.object({
  id: z.number().int(),
  kind: AnomalyKind,
  companyId: z.number().int(),
  companyName: z.string(),
  recordType: AnomalyRecordType,
  recordId: z.number().int(),
  /** The record as people name it: a transaction ID, "Payment plan 12". */
  recordLabel: z.string(),
  /** The patient the record belongs to, for the link to their page. */
  customerId: z.number().int().nullable(),
  summary: z.string(),
  foundAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Who resolved it (their e-mail); null when the check found it no longer holds. */
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type Anomaly = z.infer<typeof Anomaly>;

export const ANOMALY_STATES = ['OPEN', 'RESOLVED'] as const;
export const AnomalyState = z.enum(ANOMALY_STATES);
export type AnomalyState = z.infer<typeof AnomalyState>;

export const adminAnomalies = get('/api/admin/anomalies', {
  summary:
    'What the checks found, newest first, ten to a page: open ones (or resolved ones), of one rule if asked.',
  query: z
    .object({
      state: AnomalyState.default('OPEN'),
      kind: AnomalyKind.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({
    anomalies: z.array(Anomaly),
    totalCount: z.number().int(),
    /** Open anomalies of each rule, whatever the filter. */
    openCounts: z.record(AnomalyKind, z.number().int()),
    /** When the checks last ran (ISO); null before their first run. */
    checkedAt: z.string().nullable(),
  }),
});

export const resolveAnomaly = post('/api/admin/anomaly/resolve', {
  summary: 'Resolves an open anomaly with a note saying what was done; audited.',
  body: z
    .object({
      id: Id,
      note: z
        .string()
        .trim()
        .min(1, 'Say what was done: the note is kept in the audit log.')
        .max(1000, 'must be at most 1000 characters'),
    })
    .strict(),
  value: Anomaly,
});

export const runAnomalyChecks = post('/api/admin/anomalies/check', {
  summary: 'Runs the checks now (as the background job does): what they found new, and what no longer holds.',
  value: z.object({ found: z.number().int(), cleared: z.number().int(), checkedAt: z.string() }),
});
