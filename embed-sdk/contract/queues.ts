/**
 * The admin area's Queues (`#/admin/queues`, issue 35): the background work the sandbox does on its
 * own, as queues an operations team watches. Billing (the payment plans' and memberships' charges that
 * are due, and those declined), the practice system's postings, and the outbox (texts and e-mails).
 * For each: how many wait, the oldest, how many failed; retry a failed item; pause and resume, held in
 * the database (every instance, and after a restart). Administrators only.
 */
import { z } from 'zod';
import { Id, wholeNumber } from './common.js';
import { get, post } from './endpoint.js';

/** In the screen's order (a plain list: browsers get no schemas). */
export const QUEUE_NAMES = ['BILLING', 'POSTINGS', 'OUTBOX'] as const;
export const Queue = z.enum(QUEUE_NAMES);
export type Queue = z.infer<typeof Queue>;

export const QUEUE_TITLES: Record<Queue, string> = {
  BILLING: 'Billing',
  POSTINGS: 'Practice system postings',
  OUTBOX: 'Outbox',
};

export const QueueSummary = z.object({
  queue: Queue,
  /** Items waiting: charges due, postings not yet posted, messages held. */
  depth: z.number().int(),
  /** When the oldest waiting item fell due (ISO); null when none waits. */
  oldestAt: z.string().nullable(),
  /** Items that failed and wait for a person or a retry; null for a queue whose items cannot fail. */
  failures: z.number().int().nullable(),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  /** Who paused it (their e-mail). */
  pausedBy: z.string().nullable(),
});
export type QueueSummary = z.infer<typeof QueueSummary>;

export const adminQueues = get('/api/admin/queues', {
  summary:
    'Each background queue: how many items wait, the oldest, how many failed, and whether it is paused.',
  value: z.object({ queues: z.array(QueueSummary) }),
});

/** What an item of a queue is: a posting, a plan's or a membership's charge, a message. */
export const QueueItemType = z.enum(['POSTING', 'PAYMENT_PLAN', 'MEMBERSHIP', 'MESSAGE']);
export type QueueItemType = z.infer<typeof QueueItemType>;

export const QUEUE_ITEM_STATES = ['WAITING', 'FAILED'] as const;
export const QueueItemState = z.enum(QUEUE_ITEM_STATES);
export type QueueItemState = z.infer<typeof QueueItemState>;

export const QueueItem = z.object({
  itemType: QueueItemType,
  /** The posting's, plan's, membership's or message's id. */
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  state: QueueItemState,
  /** What it is, as a person reads it: "Payment of transaction 4F3A2B", "SMS to (555) 010-2030". */
  description: z.string(),
  /** The amount at stake in cents, when there is one. */
  amount: z.number().int().nullable(),
  /** When it fell due, or failed (ISO). */
  since: z.string(),
  /** Why it failed. */
  error: z.string().nullable(),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QUEUE_PAGE_SIZE = 10;

export const queueItems = get('/api/admin/queue/items', {
  summary:
    "A queue's items, failed ones first, then the oldest waiting, ten to a page; narrowed to one state if asked.",
  query: z
    .object({
      queue: Queue,
      state: QueueItemState.optional(),
      page: wholeNumber(1, 100_000).default(1),
    })
    .strict(),
  value: z.object({ items: z.array(QueueItem), totalCount: z.number().int() }),
});

export const pauseQueue = post('/api/admin/queue/pause', {
  summary:
    'Pauses a queue (nothing is taken from it, on any instance, until it is resumed) or resumes it; audited. A resumed outbox sends what it held.',
  body: z.object({ queue: Queue, paused: z.boolean() }).strict(),
  value: QueueSummary,
});

export const retryBilling = post('/api/admin/queue/retryBilling', {
  summary:
    "Charges a declined payment plan's past-due cycles, or a membership's declined balance, on its card again now; audited. The outcome is the charge's.",
  body: z.object({ companyId: Id, itemType: z.enum(['PAYMENT_PLAN', 'MEMBERSHIP']), id: Id }).strict(),
  value: z.object({
    /** Every charge approved. */
    approved: z.boolean(),
    /** What the card processor said of a decline. */
    message: z.string().nullable(),
  }),
  idempotent: true,
});
