/**
 * Settings › Bulk payment requests (MANAGESETTINGS): preview who a send reaches, send (idempotent:
 * the key names the run), and read a run's progress. The send answers at once and the run is worked
 * in the background (payment-requests/bulkWorker.ts); reading an unfinished run that no instance
 * holds any more (its server stopped) takes it up here.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/bulkRequests.js';
import {
  bulkRunView,
  latestBulkRunView,
  previewBulkSend,
  startBulkSend,
} from '../../payment-requests/bulkRequests.js';
import { workRun } from '../../payment-requests/bulkWorker.js';
import { defineRoute, practiceOf } from '../route.js';
import { actorOf } from './admin.js';

const managing = { access: { anyRole: ['MANAGESETTINGS'] as Role[] } };

export const bulkRequestRoutes = [
  defineRoute(contract.previewBulkRequests, managing, async ({ ctx, caller, body }) =>
    previewBulkSend(ctx, practiceOf(caller), body),
  ),

  // Resumable: everything the handler does is keyed by the Idempotency-Key (the run's unique key),
  // so a second run of it finds the run the first one wrote.
  defineRoute(
    contract.sendBulkRequests,
    { ...managing, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const practice = practiceOf(caller);
      const run = await startBulkSend(
        ctx,
        practice,
        { userId: caller.userId, actor: actorOf(caller) },
        { ...body, idempotencyKey },
      );
      if (!run.finished) void workRun(ctx, practice, run.id);
      return run;
    },
  ),

  defineRoute(contract.bulkRequestRun, managing, async ({ ctx, caller, query }) => {
    const practice = practiceOf(caller);
    const run = await bulkRunView(ctx, practice, query.id);
    if (!run.finished) void workRun(ctx, practice, run.id);
    return run;
  }),

  defineRoute(contract.latestBulkRequestRun, managing, async ({ ctx, caller }) => {
    const practice = practiceOf(caller);
    const run = await latestBulkRunView(ctx, practice);
    if (run && !run.finished) void workRun(ctx, practice, run.id);
    return { run };
  }),
];
