/**
 * The admin area's Queues: the sandbox's background work seen as three queues. Each capability
 * counts and lists its own items (its store holds the queries); this module gathers them, pauses and
 * resumes a queue (jobs/pause.ts) and retries a failed charge, each change audited.
 *
 * - BILLING: payment plans with a cycle due and not charged, memberships whose billing or retry day
 *   has come (waiting); plans past due and memberships with a declined balance (failed).
 * - POSTINGS: the practice system's postings not posted (waiting) and failed.
 * - OUTBOX: messages held while the outbox is paused. The sandbox delivers every message it sends,
 *   so this queue has no failures.
 */
import {
  QUEUE_NAMES,
  QUEUE_PAGE_SIZE,
  type Queue,
  type QueueItem,
  type QueueItemState,
  type QueueSummary,
} from '../../embed-sdk/contract/queues.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { asPracticeId } from '../db/scope.js';
import { BusinessError } from '../errors.js';
import { pausedQueueRows, setQueuePaused } from '../jobs/pause.js';
import { chargeRetry } from '../memberships/charges.js';
import { membershipsInBillingQueue, membershipsInBillingQueueCounts } from '../memberships/store.js';
import { heldMessageCounts, heldMessages, sendHeldMessages } from '../outbox/store.js';
import { retryDeclines } from '../payment-plans/outcomes.js';
import { pastDuePlanCount, plansInBillingQueue, plansWaitingToBill } from '../payment-plans/store.js';
import { postingQueueCounts, postingsInQueue } from '../practice-system/connectors.js';
import { practicesNamed } from '../practices/store.js';
import { recordAudit, type AuditActor } from './audit.js';

const earliest = (...days: (string | null)[]) =>
  days.filter((d): d is string => d !== null).sort()[0] ?? null;

async function counts(ctx: AppContext, queue: Queue) {
  const today = ctx.clock.today();
  switch (queue) {
    case 'BILLING': {
      const [plans, pastDue, memberships] = await Promise.all([
        plansWaitingToBill(ctx.db, today),
        pastDuePlanCount(ctx.db),
        membershipsInBillingQueueCounts(ctx.db, today),
      ]);
      return {
        depth: plans.count + memberships.waiting,
        // A charge falls due on a day: the oldest is a date.
        oldestAt: earliest(plans.oldest, memberships.oldest),
        failures: pastDue + memberships.failed,
        waiting: plans.count + memberships.waiting,
      };
    }
    case 'POSTINGS': {
      const p = await postingQueueCounts(ctx.db);
      return { depth: p.waiting, oldestAt: p.oldest, failures: p.failed, waiting: p.waiting };
    }
    case 'OUTBOX': {
      const held = await heldMessageCounts(ctx.db);
      return { depth: held.count, oldestAt: held.oldest, failures: null, waiting: held.count };
    }
  }
}

export async function queueSummaries(ctx: AppContext): Promise<QueueSummary[]> {
  const [paused, ...each] = await Promise.all([
    pausedQueueRows(ctx.db),
    ...QUEUE_NAMES.map((q) => counts(ctx, q)),
  ]);
  return QUEUE_NAMES.map((queue, i) => {
    const c = each[i]!;
    const pause = paused.find((p) => p.queue === queue);
    return {
      queue,
      depth: c.depth,
      oldestAt: c.oldestAt,
      failures: c.failures,
      paused: pause !== undefined,
      pausedAt: pause ? pause.pausedAt.toISOString() : null,
      pausedBy: pause?.pausedBy ?? null,
    };
  });
}

async function named(db: Db, items: Omit<QueueItem, 'companyName'>[]): Promise<QueueItem[]> {
  const ids = [...new Set(items.flatMap((i) => (i.companyId === null ? [] : [i.companyId])))];
  const names = new Map((await practicesNamed(db, ids)).map((c) => [c.id, c.name]));
  return items.map((i) => ({
    ...i,
    companyName: i.companyId === null ? null : (names.get(i.companyId) ?? null),
  }));
}

const POSTING_WORDS = {
  PAYMENT: 'Payment',
  REFUND: 'Refund',
  VOID: 'Void',
  MOVE: 'Move',
  ALLOCATION: 'Allocation',
} as const;

/** A queue's items, failed first, then the oldest waiting, a page of ten. */
export async function queueItems(
  ctx: AppContext,
  query: { queue: Queue; state?: QueueItemState; page: number },
): Promise<{ items: QueueItem[]; totalCount: number }> {
  const offset = (query.page - 1) * QUEUE_PAGE_SIZE;
  const c = await counts(ctx, query.queue);
  const failures = c.failures ?? 0;
  const totalCount =
    query.state === 'FAILED' ? failures : query.state === 'WAITING' ? c.waiting : failures + c.waiting;
  switch (query.queue) {
    case 'POSTINGS': {
      const rows = await postingsInQueue(ctx.db, { state: query.state, offset, limit: QUEUE_PAGE_SIZE });
      return {
        totalCount,
        items: rows.map((r) => ({
          itemType: 'POSTING',
          id: r.id,
          companyId: r.companyId,
          companyName: r.companyName,
          state: r.state === 'FAILED' ? 'FAILED' : 'WAITING',
          description: `${POSTING_WORDS[r.kind as keyof typeof POSTING_WORDS] ?? r.kind} of transaction ${
            r.referenceId?.split('-')[0] ?? '—'
          }`,
          amount: r.amount,
          since: r.dueAt,
          error: r.error,
        })),
      };
    }
    case 'BILLING': {
      const today = ctx.clock.today();
      // Both capabilities' lists hold this page's rows; merged in the queue's order.
      const limit = offset + QUEUE_PAGE_SIZE;
      const [plans, memberships] = await Promise.all([
        plansInBillingQueue(ctx.db, today, { state: query.state, limit }),
        membershipsInBillingQueue(ctx.db, today, { state: query.state, limit }),
      ]);
      const all = [
        ...plans.map((p) => ({ ...p, itemType: 'PAYMENT_PLAN' as const })),
        ...memberships.map((m) => ({ ...m, itemType: 'MEMBERSHIP' as const })),
      ].sort(
        (a, b) =>
          (a.state === 'FAILED' ? 0 : 1) - (b.state === 'FAILED' ? 0 : 1) ||
          a.since.localeCompare(b.since) ||
          a.id - b.id,
      );
      const page = all.slice(offset, offset + QUEUE_PAGE_SIZE);
      return {
        totalCount,
        items: await named(
          ctx.db,
          page.map((r) => ({
            itemType: r.itemType,
            id: r.id,
            companyId: r.companyId,
            state: r.state,
            description:
              r.itemType === 'PAYMENT_PLAN'
                ? `Payment plan ${r.id}: ${r.state === 'FAILED' ? 'past due' : 'a payment due'}`
                : `Membership ${r.id}: ${r.state === 'FAILED' ? 'a declined charge' : 'a charge due'}`,
            amount: r.amount,
            since: r.since,
            error: r.state === 'FAILED' ? 'The card was declined; the amount is still owed.' : null,
          })),
        ),
      };
    }
    case 'OUTBOX': {
      if (query.state === 'FAILED') return { items: [], totalCount: 0 };
      const rows = await heldMessages(ctx.db, { offset, limit: QUEUE_PAGE_SIZE });
      return {
        totalCount,
        items: await named(
          ctx.db,
          rows.map((r) => ({
            itemType: 'MESSAGE',
            id: r.id,
            companyId: r.companyId,
            state: 'WAITING',
            description: `${r.channel === 'SMS' ? 'Text' : 'E-mail'} to ${r.recipient}${r.subject ? `: ${r.subject}` : ''}`,
            amount: null,
            since: r.createdAt.toISOString(),
            error: null,
          })),
        ),
      };
    }
  }
}

/**
 * Pauses or resumes a queue, audited; a resumed outbox sends what it held, in the same transaction.
 * Pausing a paused queue (or resuming a running one) changes nothing and writes no entry.
 */
export async function pauseQueue(ctx: AppContext, actor: AuditActor, queue: Queue, paused: boolean) {
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const changed = await setQueuePaused(tx, queue, { paused, by: actor.email, at });
    if (!changed) return;
    const released = !paused && queue === 'OUTBOX' ? await sendHeldMessages(tx, at) : 0;
    await recordAudit(
      tx,
      actor,
      {
        action: paused ? 'queue.pause' : 'queue.resume',
        targetType: 'queue',
        targetId: queue,
        before: { paused: !paused },
        after: { paused, ...(queue === 'OUTBOX' && !paused ? { sent: released } : {}) },
      },
      at,
    );
  });
  return (await queueSummaries(ctx)).find((q) => q.queue === queue)!;
}

/**
 * Retry of a failed billing item: a plan's past-due cycles charged again (Process Declines, keyed by
 * the request's Idempotency-Key), or a membership's declined balance (its retry, keyed by its row and
 * attempt). Audited with the outcome.
 */
export async function retryBillingItem(
  ctx: AppContext,
  actor: AuditActor,
  item: { companyId: number; itemType: 'PAYMENT_PLAN' | 'MEMBERSHIP'; id: number },
  idempotencyKey: string,
): Promise<{ approved: boolean; message: string | null }> {
  const practice = asPracticeId(item.companyId);
  let approved: boolean;
  let message: string | null = null;
  if (item.itemType === 'PAYMENT_PLAN') {
    try {
      const { results } = await retryDeclines(ctx, practice, item.id, idempotencyKey);
      approved = results.every((r) => r.isApproved);
      message = results.find((r) => !r.isApproved)?.reason ?? null;
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      approved = false;
      message = error.message;
    }
  } else {
    const outcome = await chargeRetry(ctx, practice, item.id);
    approved = outcome.approved;
    message = approved ? null : (outcome.reason ?? null);
  }
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'billing.retry',
      companyId: item.companyId,
      targetType: item.itemType === 'PAYMENT_PLAN' ? 'paymentPlan' : 'membership',
      targetId: item.id,
      after: { approved, ...(message ? { message } : {}) },
    },
    ctx.clock.now(),
  );
  return { approved, message };
}
