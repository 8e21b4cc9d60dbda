/**
 * Issue 3's server figure: GET /api/patient/searchPatient on about 100,000 patients (64,400 of them
 * in Bright Smiles Dental, the practice searched), for each kind of term the widget sends, one
 * request at a time and under concurrent load; then the plan PostgreSQL (PGlite) chose for the
 * route's own query, with EXPLAIN (ANALYZE, BUFFERS), to show the indexes in use.
 *
 * The plan is of the exact SQL the route runs: a sandbox is started in this process and its
 * database client's query method is wrapped, the route is called over HTTP, and the captured
 * statement (with its parameters) is explained. No SQL is written here.
 */
import type { PGlite } from '@electric-sql/pglite';
import { startServer } from '../server/start.js';
import { signIn } from '../tests/support/oidc.js';
import { copyData100k } from './lib/data100k.js';
import { load } from './lib/load.js';
import { startChildServer } from '../tests/support/childServer.js';
import { median, ms, percentile, table } from './lib/stats.js';

const USER = 'frontdesk@chairside.test';
const SEQUENTIAL = 100;
const WARM_UP = 10;
const CONNECTIONS = 16;
const DURATION_SEC = 5;

const TERMS: [kind: string, term: string][] = [
  ['name prefix', 'gar'],
  ['name', 'okafor'],
  ['two words', 'maria garcia'],
  ['e-mail', 'sunnyside.runner@example.net'],
  ['patient number', '1005'],
  ['phone', '512-555-0177'],
];
/** The terms whose whole plan is printed (the others get a one-line summary). */
const PLANS_IN_FULL = ['name prefix', 'e-mail'];

const searchUrl = (base: string, term: string) =>
  `${base}/api/patient/searchPatient?name=${encodeURIComponent(term)}`;

async function search(base: string, token: string, term: string) {
  const res = await fetch(searchUrl(base, term), { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { isSuccess: boolean; value: { patients: unknown[] } | null };
  if (!res.ok || !body.isSuccess) throw new Error(`searchPatient "${term}" answered ${res.status}.`);
  return body.value!.patients.length;
}

async function latencies(base: string, token: string) {
  const rows: (string | number)[][] = [];
  for (const [kind, term] of TERMS) {
    const found = await search(base, token, term);
    for (let i = 0; i < WARM_UP; i++) await search(base, token, term);
    const times: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const t0 = performance.now();
      await search(base, token, term);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const loaded = await load({
      url: searchUrl(base, term),
      method: 'GET',
      connections: CONNECTIONS,
      durationSec: DURATION_SEC,
      headers: [{ authorization: `Bearer ${token}` }],
    });
    rows.push([
      kind,
      JSON.stringify(term),
      found,
      ms(median(times)),
      ms(percentile(times, 95)),
      ms(loaded.p50),
      ms(loaded.p95),
      loaded.rps.toFixed(0),
      loaded.errors + loaded.non2xx,
    ]);
  }
  return rows;
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** The route's search statement and its plan, for each term. */
async function plans(dataDir: string) {
  const server = await startServer({
    ...process.env,
    PORT: '0',
    CARD_PROVIDER_PORT: '0',
    CHAIRSIDE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    BILLING_TIMER: 'off',
    LOG_LEVEL: 'silent',
  });
  try {
    const client = (server.ctx.db as unknown as { $client: PGlite }).$client;
    const query = client.query.bind(client);
    let seen: Statement[] = [];
    client.query = ((sql: string, params?: unknown[], options?: never) => {
      seen.push({ sql, params: params ?? [] });
      return query(sql, params, options);
    }) as PGlite['query'];
    const token = (await signIn(server.url, USER)).access_token;
    const out: { kind: string; term: string; statement: Statement; plan: string[] }[] = [];
    for (const [kind, term] of TERMS) {
      seen = [];
      await search(server.url, token, term);
      const statement = seen.find((s) => /from "patients"/.test(s.sql) && /\blimit\b/i.test(s.sql));
      if (!statement) throw new Error(`No search statement was seen for "${term}".`);
      await query(statement.sql, statement.params); // once more, so the plan's timing is of a warm cache
      const result = await query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.sql}`,
        statement.params,
      );
      out.push({ kind, term, statement, plan: result.rows.map((r) => r['QUERY PLAN']) });
    }
    return out;
  } finally {
    await server.close();
  }
}

const indexesIn = (plan: string[]) => [
  ...new Set(
    plan.flatMap((line) => [...line.matchAll(/Index (?:Only )?Scan (?:using|on) (\S+)/g)].map((m) => m[1]!)),
  ),
];

export async function benchSearch() {
  const copy = copyData100k();
  try {
    console.log(
      `\n## Search: GET /api/patient/searchPatient on ~101,200 patients (Bright Smiles: 64,400), as ${USER}\n`,
    );
    const server = await startChildServer(copy.dataDir);
    try {
      const token = (await signIn(server.url, USER)).access_token;
      const rows = await latencies(server.url, token);
      console.log(
        table(
          [
            'kind',
            'term',
            'rows',
            'one at a time p50',
            'p95',
            `${CONNECTIONS} at once p50`,
            'p95',
            'req/s',
            'errors',
          ],
          rows,
          'llrrrrrrr',
        ),
      );
      console.log(
        `\nOne at a time: ${SEQUENTIAL} requests per term after ${WARM_UP} to warm up. At once: ${CONNECTIONS} connections for ${DURATION_SEC} s (autocannon). "rows" is what the route returns (at most 50).`,
      );
    } finally {
      await server.stop();
    }

    console.log('\n## Search: the plans of the route’s own query (EXPLAIN ANALYZE, BUFFERS)\n');
    const explained = await plans(copy.dataDir);
    const first = explained[0]!;
    console.log(`The route's statement (for ${JSON.stringify(first.term)}):\n\n${first.statement.sql}\n`);
    console.log(`parameters: ${JSON.stringify(first.statement.params)}\n`);
    for (const e of explained.filter((x) => PLANS_IN_FULL.includes(x.kind))) {
      console.log(`${e.kind} ${JSON.stringify(e.term)}, parameters ${JSON.stringify(e.statement.params)}:\n`);
      console.log(e.plan.map((line) => `    ${line}`).join('\n'));
      console.log();
    }
    console.log(
      table(
        ['kind', 'term', 'indexes used', 'execution'],
        explained.map((e) => [
          e.kind,
          JSON.stringify(e.term),
          indexesIn(e.plan).join(', ') || 'none (sequential scan)',
          e.plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?',
        ]),
        'lllr',
      ),
    );
    console.log(
      '\n"execution" is as EXPLAIN ANALYZE times it, with its own per-row timing overhead (largest for the ' +
        'terms that match many rows); the latency table above is what callers see.',
    );
  } finally {
    copy.remove();
  }
}
