/**
 * The server log's retention: lines older than `LOG_RETENTION_DAYS` are deleted, and the oldest past
 * the newest `LOG_MAX_LINES`, so that a chatty log cannot fill the database. A job (jobs/index.ts),
 * so that one instance at a time does it. Wall time, not the sandbox clock: moving the sandbox's
 * date forward must not throw away the log of the last minutes.
 */
import { LOG_MAX_LINES, LOG_RETENTION_DAYS } from '../../embed-sdk/contract/logs.js';
import type { Job } from '../jobs/jobClaim.js';
import { deleteOldLogLines } from './store.js';

const DAY_MS = 86_400_000;

export const logRetentionJob: Job = {
  name: 'server log retention',
  async run(ctx) {
    const before = new Date(Date.now() - LOG_RETENTION_DAYS * DAY_MS);
    const deleted = await deleteOldLogLines(ctx.db, before, LOG_MAX_LINES);
    if (deleted > 0) ctx.log.debug({ deleted }, 'server log lines past their retention deleted');
  },
};
