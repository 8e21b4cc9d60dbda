/**
 * A list call's latency, one request at a time: each call warmed up, then timed `runs` times, and
 * printed as a table of p50 and p95 against a budget (the admin and reimbursement lists' figures).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../tests/support/postgres.js';
import { signIn } from '../../tests/support/oidc.js';
import { root, startChildServer } from '../../tests/support/childServer.js';
import { median, ms, percentile, table } from './stats.js';

export interface TimedCall {
  name: string;
  /** One request; answers how many rows match, which the table shows. */
  run: () => Promise<{ totalCount: number }>;
}

export async function printOneAtATime(
  calls: readonly TimedCall[],
  opts: { runs: number; warmUp: number; budgetMs: number },
) {
  const rows: (string | number)[][] = [];
  for (const { name, run } of calls) {
    const first = await run();
    for (let i = 0; i < opts.warmUp; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    rows.push([
      name,
      first.totalCount.toLocaleString('en-US'),
      ms(median(times)),
      ms(p95),
      p95 < opts.budgetMs ? 'within' : 'OVER',
    ]);
  }
  console.log(table(['call', 'matching', 'p50', 'p95', 'budget'], rows, 'lrrrl'));
}

/** One list call's answer (its envelope's value); throws on anything but a success. */
export async function listValue(
  base: string,
  token: string,
  path: string,
  body?: Record<string, unknown>,
): Promise<{ totalCount: number }> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { isSuccess: boolean; value: { totalCount: number } | null };
  if (!res.ok || !answer.isSuccess)
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.value!;
}

/**
 * A throw-away PostgreSQL seeded by the seed's command line (`seedArgs`), grown by `grow` (which says
 * what it added), and a server on it: `measure` gets its address and `user`'s token.
 */
export async function onSeededPostgres(
  opts: { seedArgs: string[]; grow: (url: string) => Promise<string>; user: string },
  measure: (base: string, token: string) => Promise<void>,
) {
  const postgres = await startPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-pg-'));
  try {
    console.log('\nSeeding PostgreSQL…');
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/db/seed/cli.ts', ...opts.seedArgs],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: postgres.url },
      },
    );
    if (seeded.status !== 0) throw new Error(`The seed failed (exit code ${seeded.status}).`);
    const t0 = performance.now();
    const added = await opts.grow(postgres.url);
    console.log(`${added} in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
    const server = await startChildServer(path.join(dir, 'data'), { DATABASE_URL: postgres.url });
    try {
      await measure(server.url, (await signIn(server.url, opts.user)).access_token);
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
