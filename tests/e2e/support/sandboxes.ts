/**
 * Where each Playwright worker's sandbox listens. Every worker has one of its own, so two workers
 * never see each other's payments, clocks or sign-in blocks: worker n (Playwright's parallel index,
 * 0 … workers − 1, kept when a worker is replaced after a failure) serves on E2E_PORT + 10 n, its
 * card provider on the next port. A spec that needs a sandbox to itself starts one on free ports
 * (startTestServer).
 *
 * playwright.config.ts reads this module in the runner (to start every worker's sandbox) and in each
 * worker (where TEST_PARALLEL_INDEX says which one is the worker's own).
 */
import os from 'node:os';

/** One worker per core (TEST_WORKERS, which `npm test` sets, says otherwise). */
export const E2E_WORKERS = Number(process.env.TEST_WORKERS) || os.availableParallelism();
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8380);

export function sandboxPort(worker: number): number {
  return FIRST_PORT + 10 * worker;
}

/** The address of this worker's sandbox (worker 0's in the runner). */
export const baseURL = `http://localhost:${sandboxPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;
