/**
 * Issue 19's figures: the transactions list on 1,000,000 transactions, on PGlite and on PostgreSQL.
 *
 * - one request at a time, filtered by a date range and a source (the list's common call), and a
 *   few other filters beside it: p50 and p95;
 * - the plans PostgreSQL (PGlite) chose for the list's own statements (EXPLAIN ANALYZE, BUFFERS),
 *   captured from a server in this process as in search.ts: no SQL is written here;
 * - 50 concurrent clients: requests per second and p95;
 * - the CSV export of about 100,000 rows: the time, and the server's memory (RSS, read from
 *   /proc while it streams) against 10,000 rows, to show it does not grow with the rows.
 *
 * The PGlite folder is seeded once into .cache/bench-tx-1m (`npm run seed -- --transactions
 * 1000000`) and copied for each run; PostgreSQL is a throw-away server (tests/support/postgres.ts)
 * seeded the same way each run. `npm run bench transactions` runs this part alone;
 * `BENCH_DATABASES=pglite` (or `postgres`) runs one database only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRecordingServer } from './lib/recordingServer.js';
import { signIn } from '../tests/support/oidc.js';
import { startPostgres } from '../tests/support/postgres.js';
import { load } from './lib/load.js';
import { root, startChildServer } from '../tests/support/childServer.js';
import { median, ms, percentile, table } from './lib/stats.js';

const TRANSACTIONS = 1_000_000;
const USER = 'frontdesk@chairside.test';
const SEQUENTIAL = 200;
const WARM_UP = 20;
const CONNECTIONS = 50;
const DURATION_SEC = 10;
const cacheDir = path.join(root, '.cache', 'bench-tx-1m');

const daysAgo = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The list's calls measured one at a time; the first is the issue's (a date range and a source). */
const CALLS: [name: string, body: Record<string, unknown>][] = [
  ['last 30 days, Terminal', { startDate: daysAgo(30), endDate: daysAgo(0), modules: ['TERMINAL'] }],
  [
    'this year, Terminal + Virtual Terminal',
    { startDate: daysAgo(365), modules: ['TERMINAL', 'VIRTUALTERMINAL'] },
  ],
  ['today, Payment Page', { startDate: daysAgo(0), endDate: daysAgo(0), modules: ['PAYMENTPAGE'] }],
  ['last 30 days, Insurance, page 5', { startDate: daysAgo(30), modules: ['INSURANCE'], page: 5 }],
  ['everything, page 1', {}],
  ['unassociated, both kinds', { viewPaymentPageOrphans: true, viewOtherOrphans: true }],
  ['last 7 days, declined', { startDate: daysAgo(7), status: 'DECLINED' }],
  ['a transaction id', { transactionId: 'unused' }],
  // The patient page's list: one patient's payments, with what of each is not allocated (Open Dental).
  ["one patient's payments (Maria Garcia)", { customerKey: 1001 }],
];
const ISSUE_CALL = CALLS[0]!;

function seedArgs(dataDir?: string) {
  return [
    '--import',
    'tsx',
    'server/db/seed/cli.ts',
    '--scale',
    '1',
    '--transactions',
    String(TRANSACTIONS),
    ...(dataDir ? ['--data-dir', dataDir] : []),
  ];
}

function seed(env: Record<string, string>, dataDir?: string) {
  const t0 = performance.now();
  const result = spawnSync(process.execPath, seedArgs(dataDir), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`The seed failed (exit code ${result.status}).`);
  return performance.now() - t0;
}

/** A private copy of the PGlite folder with a million transactions, seeded once. */
function pgliteCopy(): { dataDir: string; remove(): void } {
  const data = path.join(cacheDir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    console.log(
      `Seeding ${TRANSACTIONS.toLocaleString('en-US')} transactions into ${path.relative(root, cacheDir)} (once)…`,
    );
    const building = `${cacheDir}-building-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const took = seed({ DATABASE_URL: '' }, path.join(building, 'data'));
    console.log(`PGlite seeded in ${(took / 1000).toFixed(0)} s.`);
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.renameSync(building, cacheDir);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-tx-'));
  const dataDir = path.join(dir, 'data');
  fs.cpSync(data, dataDir, { recursive: true });
  return { dataDir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

interface Listed {
  rows: number;
  rowsCapped: boolean;
  referenceId: string;
}

async function list(base: string, token: string, body: Record<string, unknown>): Promise<Listed[]> {
  const res = await fetch(`${base}/api/transaction/transactions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { isSuccess: boolean; value: Listed[] | null };
  if (!res.ok || !answer.isSuccess)
    throw new Error(`The list answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.value!;
}

async function oneAtATime(base: string, token: string) {
  const rows: (string | number)[][] = [];
  for (const [name, body] of CALLS) {
    const first = await list(base, token, body);
    for (let i = 0; i < WARM_UP; i++) await list(base, token, body);
    const times: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const t0 = performance.now();
      await list(base, token, body);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const count = first[0]
      ? `${first[0].rows.toLocaleString('en-US')}${first[0].rowsCapped ? '+' : ''}`
      : '0';
    rows.push([name, count, ms(median(times)), ms(percentile(times, 95))]);
  }
  return rows;
}

/** The server's resident memory now, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function exportCsv(base: string, token: string, pid: number, body: Record<string, unknown>) {
  const link = await fetch(`${base}/api/transaction/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { value } = (await link.json()) as { value: { url: string } };
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const t0 = performance.now();
  const res = await fetch(value.url);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const took = performance.now() - t0;
  clearInterval(sampler);
  return { rows: lines - 1, bytes, took, before, peak };
}

/** The list's statements for the issue's call, and their plans. */
async function plans(dataDir: string, env: Record<string, string>) {
  const { server, seen, client } = await startRecordingServer(dataDir, env);

  try {
    const token = (await signIn(server.url, USER)).access_token;
    await list(server.url, token, ISSUE_CALL[1]);
    seen.length = 0;
    await list(server.url, token, ISSUE_CALL[1]);
    const statements = seen.filter((s) => /from "transactions"/.test(s.sql));
    const out: { sql: string; params: unknown[]; plan: string[] }[] = [];
    for (const s of statements) {
      const result = await client.query(`explain (analyze, buffers) ${s.sql}`, s.params);
      out.push({ ...s, plan: result.rows.map((r) => r['QUERY PLAN']!) });
    }
    return out;
  } finally {
    await server.close();
  }
}

async function benchOne(label: string, dataDir: string, env: Record<string, string>) {
  console.log(
    `\n## Transactions on ${label}: one request at a time (${SEQUENTIAL} after ${WARM_UP} to warm up), as ${USER}\n`,
  );
  const server = await startChildServer(dataDir, env);
  try {
    const token = (await signIn(server.url, USER)).access_token;
    console.log(table(['call', 'rows', 'p50', 'p95'], await oneAtATime(server.url, token), 'llrr'));

    console.log(
      `\n## Transactions on ${label}: ${CONNECTIONS} concurrent clients for ${DURATION_SEC} s, "${ISSUE_CALL[0]}"\n`,
    );
    const body = JSON.stringify(ISSUE_CALL[1]);
    const headers = [{ authorization: `Bearer ${token}`, 'content-type': 'application/json' }];
    const url = `${server.url}/api/transaction/transactions`;
    await load({ url, method: 'POST', connections: 5, durationSec: 2, headers, body });
    const r = await load({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      durationSec: DURATION_SEC,
      headers,
      body,
    });
    console.log(
      table(
        ['requests/s', 'p50', 'p95', 'requests', 'errors'],
        [[r.rps.toFixed(0), ms(r.p50), ms(r.p95), r.requests, r.errors + r.non2xx]],
        'rrrrr',
      ),
    );

    console.log(`\n## Transactions on ${label}: CSV export, the server's memory while it streams\n`);
    const rows = [];
    for (const [name, filter] of [
      ['10 days (about 10,000 rows)', { startDate: daysAgo(9) }],
      ['115 days (about 100,000 rows)', { startDate: daysAgo(114) }],
      ['the same again', { startDate: daysAgo(114) }],
    ] as const) {
      const e = await exportCsv(server.url, token, server.pid, filter);
      rows.push([
        name,
        e.rows.toLocaleString('en-US'),
        `${(e.bytes / 1e6).toFixed(1)} MB`,
        `${(e.took / 1000).toFixed(2)} s`,
        `${Math.round(e.rows / (e.took / 1000)).toLocaleString('en-US')}/s`,
        `${e.before.toFixed(0)} MB`,
        `${e.peak.toFixed(0)} MB`,
        `+${(e.peak - e.before).toFixed(0)} MB`,
      ]);
    }
    console.log(
      table(
        ['export', 'rows', 'size', 'time', 'rows/s', 'RSS before', 'peak RSS', 'growth'],
        rows,
        'lrrrrrrr',
      ),
    );
  } finally {
    await server.stop();
  }

  console.log(`\n## Transactions on ${label}: the plans of the list's statements for "${ISSUE_CALL[0]}"\n`);
  for (const p of await plans(dataDir, env)) {
    console.log(`${p.sql}\nparameters: ${JSON.stringify(p.params)}\n`);
    console.log(p.plan.map((line) => `    ${line}`).join('\n'));
    console.log();
  }
}

export async function benchTransactions() {
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  if (databases.includes('pglite')) {
    const copy = pgliteCopy();
    try {
      await withTransactionId(copy.dataDir, {});
      await benchOne('PGlite', copy.dataDir, { DATABASE_URL: '' });
    } finally {
      copy.remove();
    }
  }
  if (!databases.includes('postgres')) return;

  const postgres = await startPostgres();
  try {
    console.log('\nSeeding PostgreSQL…');
    const took = seed({ DATABASE_URL: postgres.url });
    console.log(`PostgreSQL seeded in ${(took / 1000).toFixed(0)} s.`);
    const unused = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-tx-pg-')), 'data');
    await withTransactionId(unused, { DATABASE_URL: postgres.url });
    await benchOne('PostgreSQL', unused, { DATABASE_URL: postgres.url });
    fs.rmSync(path.dirname(unused), { recursive: true, force: true });
  } finally {
    await postgres.stop();
  }
}

/** Fills the transaction-id call with the displayed id of the newest transaction. */
async function withTransactionId(dataDir: string, env: Record<string, string>) {
  const server = await startChildServer(dataDir, env);
  try {
    const token = (await signIn(server.url, USER)).access_token;
    const [newest] = await list(server.url, token, {});
    const call = CALLS.find(([name]) => name === 'a transaction id')!;
    call[1].transactionId = newest!.referenceId.split('-')[0]!.toLowerCase();
  } finally {
    await server.stop();
  }
}
