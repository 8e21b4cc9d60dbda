/**
 * The admin area's view of the practices' connectors (issue 35): the Open Dental Service Check
 * (`#/admin/odServiceCheck`: every connector's last heartbeat, version and latency, and a ping) and
 * one practice's connector log (`#/admin/odlog/{id}`: its postings and failures, newest first, with
 * Retry). Administrators only. The sandbox's control that makes a connector go silent or fail is in
 * sandbox.ts.
 */
import { z } from 'zod';
import { eachOnce, GatewayCode, Id, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';

/** A heartbeat older than this (two minutes) makes a connector silent. */
export const SILENT_AFTER_MS = 120_000;

/**
 * What the platform sees of a connector: HEALTHY (a recent heartbeat, no failed posting), FAILING
 * (postings failed and wait for a retry), SILENT (no heartbeat for two minutes) or NEVER (no
 * heartbeat yet). SILENT wins over FAILING: a connector that does not answer cannot be retried.
 */
export const ConnectorState = z.enum(['HEALTHY', 'FAILING', 'SILENT', 'NEVER']);
export type ConnectorState = z.infer<typeof ConnectorState>;

/** The sandbox's control of a connector: running, silent (no heartbeat, no posting), or failing every posting. */
export const ConnectorMode = z.enum(['RUNNING', 'SILENT', 'FAILING']);
export type ConnectorMode = z.infer<typeof ConnectorMode>;

export const ConnectorRow = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  gatewayCode: GatewayCode,
  state: ConnectorState,
  /** The sandbox's control of it. */
  mode: ConnectorMode,
  /** When it last sent a heartbeat (ISO); null before its first. */
  lastHeartbeatAt: z.string().nullable(),
  version: z.string().nullable(),
  /** The version it is to upgrade to, while it reports another. */
  targetVersion: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Postings waiting, and failed ones waiting for a retry. */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type ConnectorRow = z.infer<typeof ConnectorRow>;

export const adminConnectors = get('/api/admin/connectors', {
  summary:
    "Every practice's connector, those that need a person first (silent, then failing), then by practice name, in pages of ten; found by the practice's name or id, or narrowed to one state.",
  query: z
    .object({
      search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      state: ConnectorState.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({
    connectors: z.array(ConnectorRow),
    totalCount: z.number().int(),
    /** Over every practice, whatever the search: how many connectors are in each state. */
    counts: z.record(ConnectorState, z.number().int()),
  }),
});

export const pingConnector = post('/api/admin/connector/ping', {
  summary:
    "Asks a practice's connector to answer now: its version and the round trip, recorded as a heartbeat; answered false when it is silent.",
  body: z.object({ companyId: Id }).strict(),
  value: z.object({
    answered: z.boolean(),
    latencyMs: z.number().int().nullable(),
    version: z.string().nullable(),
    at: z.string(),
  }),
});

export const PostingState = z.enum(['PENDING', 'POSTED', 'FAILED']);
export type PostingState = z.infer<typeof PostingState>;

export const PostingKind = z.enum(['PAYMENT', 'REFUND', 'VOID', 'MOVE', 'ALLOCATION']);

export const ConnectorLogEntry = z.object({
  postingId: z.number().int(),
  transactionId: z.number().int(),
  /** The transaction's reference id (its first part is what staff read). */
  referenceId: z.string().nullable(),
  kind: PostingKind,
  state: PostingState,
  attempts: z.number().int(),
  /** Why it failed, as the practice system said. */
  error: z.string().nullable(),
  /** When it was queued, when it was due, when it was posted (ISO). */
  created: z.string(),
  dueAt: z.string(),
  postedAt: z.string().nullable(),
});
export type ConnectorLogEntry = z.infer<typeof ConnectorLogEntry>;

/** A connector log's page: ten rows, like every list of the portal. */
export const CONNECTOR_LOG_PAGE_SIZE = 10;

export const connectorLog = get('/api/admin/connector/log', {
  summary:
    "One practice's connector: its state, and its postings and failures, newest first, ten to a page, narrowed to one state if asked.",
  query: z
    .object({
      companyId: Id,
      state: PostingState.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({
    connector: ConnectorRow,
    entries: z.array(ConnectorLogEntry),
    totalCount: z.number().int(),
  }),
});

export const retryPosting = post('/api/admin/connector/retry', {
  summary:
    "Queues a failed posting of a practice again, due now, with the transaction's other failed postings (they post in order); audited.",
  body: z.object({ companyId: Id, postingId: Id }).strict(),
  value: z.object({ requeued: z.number().int() }),
});

// ── The tunnel key (`#/admin/showTunnelKey`) ──────────────────────────────────────────────────

/** A key as the admin area shows it: masked (its prefix and last four characters), never the rest. */
export const TunnelKeyState = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** The key the connector presents now; null before the first is issued. */
  current: z.object({ masked: z.string(), since: z.string() }).nullable(),
  /** A rotated key waiting for the connector's next heartbeat; null when none waits. */
  pending: z.object({ masked: z.string(), rotatedAt: z.string(), rotatedBy: z.string() }).nullable(),
});
export type TunnelKeyState = z.infer<typeof TunnelKeyState>;

export const tunnelKey = get('/api/admin/connector/key', {
  summary:
    "A practice's tunnel key, masked: the current one and a rotated one waiting for the next heartbeat.",
  query: z.object({ companyId: Id }).strict(),
  value: TunnelKeyState,
});

export const rotateTunnelKey = post('/api/admin/connector/key/rotate', {
  summary:
    "Issues a new tunnel key for a practice's connector, answered in full this once; it takes effect at the connector's next heartbeat, when the old one stops working; audited (masked).",
  body: z.object({ companyId: Id }).strict(),
  value: TunnelKeyState.extend({
    /** The new key, in full: shown once, never again. */
    key: z.string(),
  }),
});

// ── Bulk upgrade (`#/admin/bulkupgrade`) ──────────────────────────────────────────────────────

/** At most this many practices in one roll-out. */
export const ROLLOUT_MAX_PRACTICES = 500;

export const Rollout = z.object({
  id: z.number().int(),
  version: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** The practices chosen, and those whose connector reports the version now. */
  practices: z.number().int(),
  upgraded: z.number().int(),
  /** Chosen practices whose connector is silent: they upgrade once they send a heartbeat again. */
  silent: z.number().int(),
});
export type Rollout = z.infer<typeof Rollout>;

export const connectorRollouts = get('/api/admin/connectors/rollouts', {
  summary: 'The connector roll-outs, newest first, ten to a page, each with its progress.',
  query: z.object({ page: wholeNumber(1, 100_000).default(1) }).strict(),
  value: z.object({ rollouts: z.array(Rollout), totalCount: z.number().int() }),
});

export const upgradeConnectors = post('/api/admin/connectors/upgrade', {
  summary:
    "Tells the chosen practices' connectors to upgrade to a version; each reports it at its next heartbeat. Audited.",
  body: z
    .object({
      version: z
        .string()
        .trim()
        .regex(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'must be a version such as 4.13.0'),
      companyIds: eachOnce(
        z
          .array(Id)
          .min(1, 'choose at least one practice')
          .max(ROLLOUT_MAX_PRACTICES, `must be at most ${ROLLOUT_MAX_PRACTICES} practices`),
        { keyOf: (id) => id, message: 'is chosen twice' },
      ),
    })
    .strict(),
  value: Rollout,
});
