/**
 * Issue 37's figures: every report (server/reports/definitions.ts `REPORTS`, so a report registered
 * there is measured with no edit here) on 1,000,000 transactions, on PostgreSQL (budget: under
 * 300 ms p95) and on PGlite (under 2 s p95), one request at a time, for last month, this year and a
 * custom 90 days, each with and without a clinic filter. Beside them, the dashboard's collections
 * statement (server/reports/store.ts) and the transactions list with the reports' filters (payment
 * methods, clinics, providers), which a report's figure links to.
 *
 * The data: the seed at the 100,000-patient scale (bench/lib/data100k.ts `SCALE`: its payment plans,
 * memberships and payment requests) with a million past transactions (`--transactions`), then
 * refunds and voids on about 3% of the approved card payments, written by the database. PGlite's
 * folder is built once into .cache/bench-reports-1m and copied for each run; PostgreSQL is a
 * throw-away server seeded each run (tests/support/postgres.ts). After the calls, the plans of the
 * dashboard's statement and of the Collections report's statement for this year (EXPLAIN ANALYZE,
 * BUFFERS) show which indexes the reports' statements use. Collections is also asked this year by each
 * of its other splits.
 *
 * `npm run bench reports [-- --runs=N]` (default 40 after 5 to warm up); `BENCH_DATABASES=pglite`
 * (or `postgres`) runs one database only; `BENCH_POSTGRES_URL` measures a PostgreSQL seeded so
 * earlier (the seed's arguments above, then the refunds), skipping the four minutes of seeding.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { reportCollections } from '../embed-sdk/contract/reportCollections.js';
import { REPORTS } from '../server/reports/definitions.js';
import { startRecordingServer } from './lib/recordingServer.js';
import { signIn } from '../tests/support/oidc.js';
import { SCALE } from './lib/data100k.js';
import { onSeededPostgres } from './lib/oneAtATime.js';
import { root, startChildServer } from '../tests/support/childServer.js';
import { median, ms, percentile, table } from './lib/stats.js';

const TRANSACTIONS = 1_000_000;
/** Of the approved card payments, this many in a thousand are refunded or voided (a quarter voided). */
const REFUNDED_PER_THOUSAND = 30;
const USER = 'admin@chairside.test';
const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 40;
const WARM_UP = 5;
const BUDGET_MS = { PostgreSQL: 300, PGlite: 2_000 } as const;
const SEED_ARGS = ['--scale', String(SCALE), '--transactions', String(TRANSACTIONS)];
const cacheDir = path.join(root, '.cache', 'bench-reports-1m');

type Database = keyof typeof BUDGET_MS;

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The periods every report is asked for, as of today (the server's calendar). */
function periods(): { name: string; from: string; to: string }[] {
  const today = new Date();
  const y = today.getFullYear();
  const m = today.getMonth();
  return [
    { name: 'last month', from: iso(new Date(y, m - 1, 1)), to: iso(new Date(y, m, 0)) },
    { name: 'this year', from: iso(new Date(y, 0, 1)), to: iso(today) },
    { name: '90 days', from: iso(new Date(y, m, today.getDate() - 89)), to: iso(today) },
  ];
}

/**
 * Refunds and voids on about 3% of the approved card payments of the history, written by the
 * database: a void the same day, a refund of half within three weeks (never after now).
 */
const ADD_REFUNDS = `
  insert into refunds (company_id, transaction_id, type, amount, order_amount, surcharge_amount, reference_id, created_at)
  select company_id, id,
         case when voided then 'VOIDED' else 'REFUNDED' end,
         case when voided then amount else amount / 2 end,
         case when voided then order_amount else amount / 2 - surcharge_amount / 2 end,
         case when voided then surcharge_amount else surcharge_amount / 2 end,
         upper(substr(md5('refund' || id), 1, 6)) || '-' || upper(substr(md5('refund' || id), 7, 4)),
         least(now(), created_at + case when voided then interval '2 hours'
                                        else (1 + h % 21) * interval '1 day' end)
  from (
    select t.*, ('x' || substr(md5('refunded' || t.id), 1, 8))::bit(32)::int & 2147483647 as h,
           (('x' || substr(md5('refunded' || t.id), 1, 8))::bit(32)::int & 2147483647) % 4 = 0 as voided
    from transactions t
    where t.status = 'APPROVED' and t.funding_source = 'CARD'
  ) x
  where h % 1000 < ${REFUNDED_PER_THOUSAND}`;

/** Adds the refunds to a seeded database (PostgreSQL by its URL, or a PGlite folder). */
async function addRefunds(where: { databaseUrl?: string; dataDir: string }): Promise<string> {
  const database = await openDatabase(where);
  try {
    const result = (await database.db.execute(sql.raw(ADD_REFUNDS))) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    await database.db.execute(
      sql`select setval(pg_get_serial_sequence('refunds', 'id'), (select max(id) from refunds))`,
    );
    await database.db.execute(sql`vacuum analyze refunds`);
    await database.db.execute(sql`vacuum analyze transactions`);
    const added = result.rowCount ?? result.affectedRows ?? 0;
    return `Added ${added.toLocaleString('en-US')} refunds and voids`;
  } finally {
    await database.close();
  }
}

/** A private copy of the PGlite folder, seeded (and its refunds added) once. */
async function pgliteCopy(): Promise<{ dataDir: string; remove(): void }> {
  const data = path.join(cacheDir, 'data');
  // Written once the refunds are in: a folder seeded without them gets them first.
  const refunded = path.join(cacheDir, 'refunds-added');
  if (fs.existsSync(path.join(data, 'PG_VERSION')) && !fs.existsSync(refunded)) {
    const t0 = performance.now();
    const added = await addRefunds({ dataDir: data });
    console.log(
      `${added} to ${path.relative(root, cacheDir)} in ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
    );
    fs.writeFileSync(refunded, '');
  }
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    console.log(`\nSeeding PGlite into ${path.relative(root, cacheDir)} (once)…`);
    const building = `${cacheDir}-building-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const t0 = performance.now();
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/db/seed/cli.ts', ...SEED_ARGS, '--data-dir', path.join(building, 'data')],
      { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } },
    );
    if (seeded.status !== 0) throw new Error(`The seed failed (exit code ${seeded.status}).`);
    const t1 = performance.now();
    const added = await addRefunds({ dataDir: path.join(building, 'data') });
    console.log(
      `PGlite seeded in ${((t1 - t0) / 1000).toFixed(0)} s; ${added} in ${((performance.now() - t1) / 1000).toFixed(0)} s.`,
    );
    fs.writeFileSync(path.join(building, 'refunds-added'), '');
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.renameSync(building, cacheDir);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-reports-'));
  const dataDir = path.join(dir, 'data');
  fs.cpSync(data, dataDir, { recursive: true });
  return { dataDir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function call(base: string, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { isSuccess: boolean; value: unknown };
  if (!res.ok || !answer.isSuccess)
    throw new Error(`${url} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.value;
}

interface Timed {
  name: string;
  period: string;
  clinics: string;
  run: () => Promise<unknown>;
}

/** The calls: every registered report, the dashboard's statement, and the list with the reports' filters. */
async function calls(base: string, auth: { token: string }): Promise<Timed[]> {
  const { clinics } = (await call(base, auth.token, 'GET', '/api/company/clinics')) as {
    clinics: { clinicNum: number }[];
  };
  const clinic = clinics[0]?.clinicNum;
  if (clinic === undefined) throw new Error('The practice has no clinic to filter by.');
  const clinicChoices: [label: string, nums: number[] | undefined][] = [
    ['all', undefined],
    [`clinic ${clinic}`, [clinic]],
  ];
  const out: Timed[] = [];
  for (const period of periods()) {
    for (const [clinicsLabel, clinicNums] of clinicChoices) {
      const body = () => ({ from: period.from, to: period.to, ...(clinicNums ? { clinicNums } : {}) });
      for (const [name, report] of Object.entries(REPORTS)) {
        out.push({
          name: `report: ${name}`,
          period: period.name,
          clinics: clinicsLabel,
          run: () => call(base, auth.token, 'POST', report!.endpoint.path, body()),
        });
      }
      // Collections' other splits (source is its default), over the longest period.
      if (period.name === 'this year') {
        for (const splitBy of ['method', 'clinic', 'provider']) {
          out.push({
            name: `report: collections by ${splitBy}`,
            period: period.name,
            clinics: clinicsLabel,
            run: () => call(base, auth.token, 'POST', reportCollections.path, { ...body(), splitBy }),
          });
        }
      }
      // The list a figure links to: card collections by brand, of the period (and the clinic).
      const listed = {
        startDate: period.from,
        endDate: period.to,
        methods: ['VISA', 'MASTERCARD'],
        ...(clinicNums ? { clinicNums } : {}),
      };
      out.push({
        name: 'transactions list: Visa + Mastercard',
        period: period.name,
        clinics: clinicsLabel,
        run: () => call(base, auth.token, 'POST', '/api/transaction/transactions', listed),
      });
      out.push({
        name: 'its CSV export link and first 500 rows',
        period: period.name,
        clinics: clinicsLabel,
        run: async () => {
          const { url } = (await call(base, auth.token, 'POST', '/api/transaction/export', listed)) as {
            url: string;
          };
          const res = await fetch(url);
          const reader = res.body!.getReader();
          let lines = 0;
          while (lines <= 500) {
            const { done, value } = await reader.read();
            if (done) break;
            for (const b of value) if (b === 10) lines++;
          }
          await reader.cancel();
        },
      });
    }
  }
  out.push({
    name: "dashboard's collections statement (today, week, month)",
    period: 'dashboard',
    clinics: 'all',
    run: () => call(base, auth.token, 'GET', '/api/dashboard/summary'),
  });
  out.push({
    name: 'transactions list: one provider',
    period: 'any',
    clinics: 'all',
    run: () => call(base, auth.token, 'POST', '/api/transaction/transactions', { providers: ['DOC1'] }),
  });
  return out;
}

async function measure(label: Database, base: string) {
  // Signed in again before each call's runs: a slow database outlasts an access token.
  const auth = { token: (await signIn(base, USER)).access_token };
  const budget = BUDGET_MS[label];
  console.log(
    `\n## Reports on ${label}: one request at a time (${RUNS} after ${WARM_UP} to warm up), as ${USER}; budget < ${budget} ms p95\n`,
  );
  if (Object.keys(REPORTS).length === 0) {
    console.log(
      '(No report is registered yet in server/reports/definitions.ts: the harness measures the rest.)\n',
    );
  }
  const rows: (string | number)[][] = [];
  for (const c of await calls(base, auth)) {
    auth.token = (await signIn(base, USER)).access_token;
    for (let i = 0; i < WARM_UP; i++) await c.run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await c.run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    rows.push([c.name, c.period, c.clinics, ms(median(times)), ms(p95), p95 < budget ? 'within' : 'OVER']);
  }
  console.log(table(['call', 'period', 'clinics', 'p50', 'p95', 'budget'], rows, 'lllrrl'));
}

/** The plans of the dashboard's, the list's and this year's Collections statements (captured from a server in this process). */
async function plans(label: Database, env: Record<string, string>, dataDir: string) {
  const { server, seen, client } = await startRecordingServer(dataDir, env);

  try {
    const token = (await signIn(server.url, USER)).access_token;
    await call(server.url, token, 'GET', '/api/dashboard/summary');
    const { clinics } = (await call(server.url, token, 'GET', '/api/company/clinics')) as {
      clinics: { clinicNum: number }[];
    };
    const lastMonth = periods()[0]!;
    await call(server.url, token, 'POST', '/api/transaction/transactions', {
      startDate: lastMonth.from,
      endDate: lastMonth.to,
      methods: ['VISA', 'MASTERCARD'],
      clinicNums: [clinics[0]!.clinicNum],
    });
    const year = periods()[1]!;
    await call(server.url, token, 'POST', reportCollections.path, {
      from: year.from,
      to: year.to,
    });
    const statements = [
      ...seen.filter((s) => s.sql.includes('with movements')).map((s) => ({ name: "the dashboard's", ...s })),
      ...seen
        .filter((s) => s.sql.includes('"clinic_num" in'))
        .map((s) => ({ name: 'the list filtered by methods and a clinic, last month:', ...s })),
      ...seen
        .filter((s) => s.sql.includes('grouping sets ((), (bucket)'))
        .map((s) => ({
          name: `the Collections report's, ${year.from} to ${year.to} by day and source,`,
          ...s,
        })),
    ];
    for (const s of statements) {
      const result = await client.query(`explain (analyze, buffers) ${s.sql}`, s.params);
      console.log(`\n## Reports on ${label}: the plan of ${s.name} statement\n`);
      console.log(result.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
  } finally {
    await server.close();
  }
}

export async function benchReports() {
  const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
  const seeded = process.env.BENCH_POSTGRES_URL;
  if (databases.includes('postgres') && seeded) {
    // A PostgreSQL seeded as below earlier (the same seed arguments, then addRefunds), measured as it is.
    const unused = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-reports-pg-'));
    try {
      const server = await startChildServer(path.join(unused, 'data'), { DATABASE_URL: seeded });
      try {
        await measure('PostgreSQL', server.url);
      } finally {
        await server.stop();
      }
      await plans('PostgreSQL', { DATABASE_URL: seeded }, path.join(unused, 'data'));
    } finally {
      fs.rmSync(unused, { recursive: true, force: true });
    }
  } else if (databases.includes('postgres')) {
    let url = '';
    await onSeededPostgres(
      {
        seedArgs: SEED_ARGS,
        grow: async (databaseUrl) => {
          url = databaseUrl;
          return addRefunds({ databaseUrl, dataDir: os.tmpdir() });
        },
        user: USER,
      },
      async (base) => {
        await measure('PostgreSQL', base);
        const unused = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-bench-reports-pg-'));
        try {
          await plans('PostgreSQL', { DATABASE_URL: url }, path.join(unused, 'data'));
        } finally {
          fs.rmSync(unused, { recursive: true, force: true });
        }
      },
    );
  }
  if (databases.includes('pglite')) {
    const copy = await pgliteCopy();
    try {
      const server = await startChildServer(copy.dataDir, { DATABASE_URL: '' });
      try {
        await measure('PGlite', server.url);
      } finally {
        await server.stop();
      }
      await plans('PGlite', { DATABASE_URL: '' }, copy.dataDir);
    } finally {
      copy.remove();
    }
  }
}
