/**
 * Issue 2's figures: the API's latency for the clinics and login calls at 50 concurrent clients,
 * and the cold start on an empty data folder (migrate + seed) against a seeded one.
 * Issue 22's: where a cold start on a seeded folder spends its time (budget 3 s). Each start runs
 * with CHAIRSIDE_START_TIMINGS=1: the server prints when each of its steps ended, in ms since its
 * process started (server/main.ts, server/start.ts), and the bench adds what only it sees: from
 * its spawn to the process's start, and from listening to the first answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from '../tests/support/oidc.js';
import { ensureFrontEnd } from './lib/frontEnd.js';
import { load } from './lib/load.js';
import { startChildServer, tempDataDir, type ChildServer } from '../tests/support/childServer.js';
import { median, ms, percentile, table } from './lib/stats.js';

const CONNECTIONS = 50;
const DURATION_SEC = 10;
const COLD_STARTS = 3;
/** Starts on the seeded folder of each kind (built, sources), for the breakdown and the seeded figure. */
const SEEDED_STARTS = 7;
const SEEDED_BUDGET_MS = 3000;
const TIMINGS = 'chairside-start-timings ';

interface Phase {
  name: string;
  ms: number;
}

/** The start's steps and their durations, from the spawn to the first answer the bench got. */
async function startPhases(server: ChildServer): Promise<Phase[]> {
  // The line is printed just after listening; the first answer may come back before it does.
  const deadline = performance.now() + 5000;
  let line: string | undefined;
  while (
    !(line = server
      .output()
      .split('\n')
      .find((l) => l.startsWith(TIMINGS)))
  ) {
    if (performance.now() > deadline) throw new Error('The server printed no start timings.');
    await new Promise((r) => setTimeout(r, 10));
  }
  const timings = JSON.parse(line.slice(TIMINGS.length)) as {
    timeOrigin: number;
    phases: { name: string; end: number }[];
  };
  const spawnToProcess = timings.timeOrigin - server.spawnedAt;
  const phases: Phase[] = [{ name: 'spawn to the process started', ms: spawnToProcess }];
  let previous = 0;
  for (const phase of timings.phases) {
    phases.push({ name: phase.name, ms: phase.end - previous });
    previous = phase.end;
  }
  // Includes up to 20 ms of the bench's polling (tests/support/childServer.ts).
  phases.push({
    name: 'first answer (GET /api/configuration)',
    ms: server.startMs - spawnToProcess - previous,
  });
  return phases;
}

export async function benchServer() {
  const dataDir = await benchColdStart();
  await benchLatency(dataDir);
}

/** The cold-start figures; returns the seeded folder it used. */
export async function benchColdStart(): Promise<string> {
  ensureFrontEnd(); // and the server's build, which `npm start` runs
  console.log(
    `\n## Server: cold start (spawn to first answer), median of ${COLD_STARTS} (empty) and ${SEEDED_STARTS} (seeded)\n`,
  );
  const empty: number[] = [];
  let dataDir = '';
  for (let i = 0; i < COLD_STARTS; i++) {
    if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    dataDir = tempDataDir('cold');
    const first = await startChildServer(dataDir, {}, [], { run: 'build' });
    empty.push(first.startMs);
    await first.stop();
  }
  // The built server (`npm start`) and the sources through tsx (`npm run dev`, the tests), taking
  // turns so that a change in the machine's load hits both.
  const runs = { build: [] as Phase[][], source: [] as Phase[][] };
  const seeded = { build: [] as number[], source: [] as number[] };
  for (let i = 0; i < SEEDED_STARTS; i++) {
    for (const run of i % 2 ? (['source', 'build'] as const) : (['build', 'source'] as const)) {
      const again = await startChildServer(dataDir, { CHAIRSIDE_START_TIMINGS: '1' }, [], { run });
      seeded[run].push(again.startMs);
      runs[run].push(await startPhases(again));
      await again.stop();
    }
  }
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(
    table(
      ['data folder', 'median', 'runs'],
      [
        ['empty (migrate + seed), built', ms(median(empty)), list(empty)],
        ['seeded, built (npm start)', ms(median(seeded.build)), list(seeded.build)],
        ['seeded, from the sources (tsx)', ms(median(seeded.source)), list(seeded.source)],
      ],
    ),
  );
  const built = median(seeded.build);
  const p95 = percentile(
    [...seeded.build].sort((a, b) => a - b),
    95,
  );
  console.log(
    `\nempty / seeded: ${(median(empty) / built).toFixed(2)}×. ` +
      `Seeded (npm start), budget ${ms(SEEDED_BUDGET_MS)}: ${built <= SEEDED_BUDGET_MS ? 'PASS' : 'OVER'} ` +
      `(median ${ms(built)}, p95 ${ms(p95)}); from the sources: ${(median(seeded.source) / built).toFixed(2)}× as long.`,
  );

  console.log(`\n## Server: where a cold start on a seeded folder goes, ${SEEDED_STARTS} starts each\n`);
  const totals = (phases: Phase[][]) => phases.map((p) => p.reduce((sum, step) => sum + step.ms, 0));
  const step = (run: 'build' | 'source', i: number) => runs[run].map((phases) => phases[i]!.ms);
  const share = (value: number, total: number) => `${((value / total) * 100).toFixed(0)} %`;
  const total = { build: median(totals(runs.build)), source: median(totals(runs.source)) };
  console.log(
    table(
      ['step (each from the end of the one before)', 'built', 'share', 'min–max', 'sources', 'share'],
      [
        ...runs.build[0]!.map((phase, i) => {
          const built = step('build', i);
          const source = median(step('source', i));
          return [
            phase.name,
            ms(median(built)),
            share(median(built), total.build),
            `${Math.min(...built).toFixed(0)}–${Math.max(...built).toFixed(0)}`,
            ms(source),
            share(source, total.source),
          ];
        }),
        ['spawn to the first answer', ms(total.build), '', '', ms(total.source), ''],
      ],
    ),
  );
  console.log(
    `\nThe medians of the steps need not add up to the median total. Load average at the end: ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (1, 5, 15 min; ${os.cpus().length} CPUs).`,
  );
  return dataDir;
}

async function benchLatency(dataDir: string) {
  console.log(`\n## Server: latency at ${CONNECTIONS} concurrent clients, ${DURATION_SEC} s each\n`);
  const server = await startChildServer(dataDir);
  try {
    const users = ['admin', 'frontdesk', 'viewer'];
    const tokens = await Promise.all(
      users.map(async (u) => (await signIn(server.url, `${u}@chairside.test`)).access_token),
    );
    const headers = tokens.map((t) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json' }));
    // The demo viewer has not accepted the terms yet, and every call of theirs would be a 403: they
    // accept them first, as they would on their first visit, so that each request counts.
    for (const h of headers) {
      const accepted = await fetch(`${server.url}/api/auth/acceptTermsOfService`, {
        method: 'POST',
        headers: h,
        body: '{}',
      });
      if (!accepted.ok) throw new Error(`Accepting the terms answered ${accepted.status}.`);
    }
    const rows = [];
    for (const [name, method, url, body] of [
      ['GET /api/company/clinics', 'GET', '/api/company/clinics', undefined],
      ['POST /api/auth/login', 'POST', '/api/auth/login', '{}'],
    ] as const) {
      // A short warm-up so the first JIT compilations do not count.
      await load({ url: server.url + url, method, connections: 5, durationSec: 1, headers, body });
      const r = await load({
        url: server.url + url,
        method,
        connections: CONNECTIONS,
        durationSec: DURATION_SEC,
        headers,
        body,
      });
      rows.push([name, ms(r.p50), ms(r.p95), r.rps.toFixed(0), r.requests, r.errors + r.non2xx]);
    }
    console.log(table(['call', 'p50', 'p95', 'req/s', 'requests', 'errors'], rows));
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}
