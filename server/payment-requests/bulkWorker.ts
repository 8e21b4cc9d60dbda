/**
 * Working a bulk send through (contract/bulkRequests.ts): each patient gets a payment request by the
 * single request's own code path (requests.ts prepareRequest: the same message, template and link),
 * in small steps that keep the rest of the product answering.
 *
 * - Claimed in the database: an instance works a run while it holds the run's claim
 *   (`claimed_until`, a lease it renews after each batch); a run whose server stopped is taken over
 *   once the lease lapses — by the next read of the run (the panel polls it) or by the job.
 * - Each item once: an item is sent in one short transaction that locks it while still PENDING,
 *   writes the request and its messages and marks it SENT; an instance that worked the same run at
 *   the same time (its lease lapsed while it was still going) finds it settled and moves on.
 * - Short transactions and a yield between items: PGlite has one connection, and a search waiting
 *   behind a send waits for one item, not for the run.
 *
 * Which channels: the patient's mobile and e-mail, each used when it is valid. A patient with neither
 * fails with NO_CHANNEL_REASON; one whose only addresses are invalid fails with what is wrong with
 * them. A patient who already has an open request for the same amount from another bulk send of the
 * last BULK_REPEAT_WINDOW_HOURS hours is skipped (REPEAT_REASON).
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import {
  BULK_REPEAT_WINDOW_HOURS,
  NO_CHANNEL_REASON,
  REPEAT_REASON,
} from '../../embed-sdk/contract/bulkRequests.js';
import type { NotifyInput } from '../../embed-sdk/contract/channels.js';
import { channelProblems } from '../../embed-sdk/validation/channels.js';
import type { AppContext } from '../context.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { BusinessError, NotFoundError } from '../errors.js';
import type { Job } from '../jobs/jobClaim.js';
import { customerOrNotFound } from '../patients/customers.js';
import { customersByPatientKeys, ensureCustomer } from '../patients/store.js';
import {
  claimRun,
  findRun,
  finishRun,
  hasOpenBulkRequest,
  lockPendingItem,
  pendingItems,
  releaseClaim,
  renewClaim,
  setItemCustomer,
  settleItem,
  unclaimedRuns,
  type BulkItemRecord,
  type BulkRunRecord,
} from './bulkStore.js';
import { prepareRequest } from './requests.js';

/** How long a claim lasts without renewal: well above one batch, short enough to take over soon. */
export const CLAIM_MS = 30_000;
/** Items per batch: the claim is renewed per batch. */
const BATCH = 20;
const HOUR = 3_600_000;

/** The channels a patient can be reached on, or why none. */
function channelsOf(customer: { cell: string; email: string }): NotifyInput | { reason: string } {
  const cell = customer.cell.trim();
  const email = customer.email.trim();
  if (cell === '' && email === '') return { reason: NO_CHANNEL_REASON };
  const both = { notifyText: cell !== '', cell, notifyEmail: email !== '', email };
  const problems = channelProblems(both);
  const textOk = both.notifyText && !problems.some((p) => p.field === 'cell');
  const emailOk = both.notifyEmail && !problems.some((p) => p.field === 'email');
  if (!textOk && !emailOk) return { reason: problems.map((p) => p.message).join(' ') };
  return { notifyText: textOk, cell: textOk ? cell : '', notifyEmail: emailOk, email: emailOk ? email : '' };
}

/**
 * A patient of the list who is not yet a customer becomes one, as opening them in the portal does:
 * one short transaction per patient (a batch of them in one held PGlite long enough to slow a search).
 */
async function bringIn(ctx: AppContext, practice: PracticeId, item: BulkItemRecord) {
  if (item.customerId !== null) return;
  const patNum = Number(item.patNum);
  await ctx.db.transaction(async (tx) => {
    if (!(await ensureCustomer(tx, practice, patNum))) return;
    const customer = (await customersByPatientKeys(tx, practice, [patNum])).get(patNum);
    if (!customer) return;
    item.customerId = customer.id;
    await setItemCustomer(tx, practice, item.runId, item.position, customer.id);
  });
}

/** Sends one item's request, or settles why not. */
async function sendItem(ctx: AppContext, practice: PracticeId, run: BulkRunRecord, item: BulkItemRecord) {
  const settle = (status: 'FAILED' | 'SKIPPED', reason: string) =>
    settleItem(ctx.db, practice, run.id, item.position, { status, reason });
  if (item.customerId === null) return settle('FAILED', 'The patient is no longer in the practice system.');
  const customerId = item.customerId;
  try {
    const customer = await customerOrNotFound(ctx, practice, customerId);
    const channels = channelsOf(customer);
    if ('reason' in channels) return settle('FAILED', channels.reason);
    const since = new Date(ctx.clock.now().getTime() - BULK_REPEAT_WINDOW_HOURS * HOUR);
    const repeat = { customerId, amount: item.amount, since, runId: run.id };
    if (await hasOpenBulkRequest(ctx.db, practice, repeat)) return settle('SKIPPED', REPEAT_REASON);
    const prepared = await prepareRequest(
      ctx,
      practice,
      { roles: new Set(), userId: run.createdByUserId },
      { ...channels, customerId, amount: item.amount, message: run.message },
    );
    await ctx.db.transaction(async (tx) => {
      if (!(await lockPendingItem(tx, practice, run.id, item.position))) return;
      const requestId = await prepared.write(tx);
      await settleItem(tx, practice, run.id, item.position, { status: 'SENT', paymentRequestId: requestId });
    });
  } catch (error) {
    // A refusal of the request's own rules is this patient's outcome; anything else stops the run
    // here (its claim lapses and it is taken up again).
    if (error instanceof BusinessError || error instanceof NotFoundError)
      return settle('FAILED', error.message);
    throw error;
  }
}

/**
 * Sends the run's pending items while this instance holds the claim (`claim.held`, renewed after each
 * batch); true when none is left, false when it stopped or lost the claim (`claim.held` null then).
 */
export async function sendPendingItems(
  ctx: AppContext,
  practice: PracticeId,
  run: BulkRunRecord,
  claim: { held: Date | null },
  stopping: () => boolean = () => false,
): Promise<boolean> {
  for (;;) {
    const items = await pendingItems(ctx.db, practice, run.id, BATCH);
    if (items.length === 0) return true;
    for (const item of items) {
      if (stopping()) return false;
      await bringIn(ctx, practice, item);
      await yieldToOthers();
      await sendItem(ctx, practice, run, item);
      await yieldToOthers();
    }
    claim.held = claim.held && (await renewClaim(ctx.db, practice, run.id, claim.held, CLAIM_MS));
    if (!claim.held) return false;
  }
}

/** The runs this process is working, per database (a test process may run several servers). */
const working = new WeakMap<object, { runs: Map<string, Promise<void>>; stopping: boolean }>();

function workOf(ctx: AppContext) {
  let work = working.get(ctx.db);
  if (!work) working.set(ctx.db, (work = { runs: new Map(), stopping: false }));
  return work;
}

/**
 * Works the run to its end if this instance can claim it (no other holds it); returns at once when
 * another does, or this process works it already.
 */
export function workRun(ctx: AppContext, practice: PracticeId, runId: string): Promise<void> {
  const work = workOf(ctx);
  const current = work.runs.get(runId);
  if (current) return current;
  if (work.stopping) return Promise.resolve();
  const done = (async () => {
    const claim = { held: await claimRun(ctx.db, practice, runId, CLAIM_MS) };
    if (!claim.held) return;
    const run = (await findRun(ctx.db, practice, runId))!;
    let finished = false;
    try {
      finished = await sendPendingItems(ctx, practice, run, claim, () => work.stopping);
      if (finished) await finishRun(ctx.db, practice, runId, ctx.clock.now());
    } finally {
      // Stopped or failed half-way: the claim goes at once, for the next read of the run or the job.
      const held = claim.held;
      if (!finished && held) await releaseClaim(ctx.db, practice, runId, held).catch(() => undefined);
    }
  })()
    .catch((error: unknown) =>
      ctx.log.error({ err: error, runId }, 'a bulk send stopped; it is taken up again'),
    )
    .finally(() => work.runs.delete(runId));
  work.runs.set(runId, done);
  return done;
}

/** Stops this process's runs between two items (the server closes); their claims go to another instance. */
export async function stopBulkSends(ctx: AppContext) {
  const work = workOf(ctx);
  work.stopping = true;
  await Promise.all(work.runs.values());
}

/** The job: runs no instance holds (their server stopped) are taken over here. */
export const bulkRequestsJob: Job = {
  name: 'bulk payment requests',
  async run(ctx) {
    for (const run of await unclaimedRuns(ctx.db)) await workRun(ctx, practiceOfRecord(run), run.id);
  },
};
