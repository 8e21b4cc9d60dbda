/**
 * The admin area's home (`#/admin`, issue 35): the platform at a glance. Practices and active people,
 * today's approvals and volume, the connectors that fail or are silent, each queue's depth, and the
 * open anomalies. Every figure links to its screen; the page reads this again every few seconds.
 * Administrators only.
 */
import { z } from 'zod';
import { AnomalyKind } from './anomalies.js';
import { ConnectorState } from './connectors.js';
import { get } from './endpoint.js';
import { QueueSummary } from './queues.js';

export const adminOverview = get('/api/admin/overview', {
  summary:
    "The platform at a glance: practices and active people, today's approvals and volume, connectors by state, each queue's depth and failures, open anomalies.",
  value: z.object({
    /** When the figures were read (sandbox clock, ISO). */
    at: z.string(),
    practices: z.object({
      total: z.number().int(),
      /** Practices with an approved payment in the last 30 days. */
      active: z.number().int(),
    }),
    people: z.object({
      /** Accounts not disabled that have signed in (accepted the terms) at least once. */
      active: z.number().int(),
      /** Invited, not signed in yet. */
      invited: z.number().int(),
      disabled: z.number().int(),
    }),
    /** Since midnight of the sandbox's day, over every practice. */
    today: z.object({
      approvals: z.number().int(),
      declines: z.number().int(),
      /** Approved amounts, surcharges included (cents). */
      volume: z.number().int(),
    }),
    connectors: z.record(ConnectorState, z.number().int()),
    queues: z.array(QueueSummary),
    anomalies: z.object({
      open: z.number().int(),
      byKind: z.record(AnomalyKind, z.number().int()),
      /** When the checks last ran (ISO); null before their first run. */
      checkedAt: z.string().nullable(),
    }),
  }),
});
