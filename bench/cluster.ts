/**
 * Issue 22's figures: one instance against three on one PostgreSQL, and PGlite against
 * PostgreSQL, on the same three calls, at 50 and at 200 concurrent clients: patient search, the
 * transactions list, and the payment of a plan cycle (Process Payment on the next scheduled cycle
 * of a card plan, each with its own idempotency key). Every figure goes through HAProxy, the
 * cluster's front (scripts/cluster/haproxy.ts), so one and three instances pay the same front.
 *
 * The cycles to pay are made first through the API: patients, a card each, a weekly plan each;
 * a plan is lent to one request at a time, which pays its next cycle.
 * The CPU time of each process group during each run says what limits an instance: the
 * instances' Node processes, PostgreSQL's backends, and this process (the load).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from '../scripts/cluster/launcher.js';
import { startFront, type Front } from '../scripts/cluster/haproxy.js';
import { freePort } from '../server/start.js';
import { signIn } from '../tests/support/oidc.js';
import { load, type LoadResult } from './lib/load.js';
import { startChildServer, tempDataDir, type ChildServer } from '../tests/support/childServer.js';
import { ms, table } from './lib/stats.js';

const USER = 'frontdesk@chairside.test';
const BUSINESS_ID = 'biz_brightsmiles';
const CLIENTS = [50, 200] as const;
const DURATION_SEC = 5;
const WARM_UP_SEC = 1;
/** More plans than the most clients, so every connection has one of its own. */
const PLANS = 240;
const CYCLES_PER_PLAN = 40;
const CENTS_PER_CYCLE = 500;
const SEED_CONCURRENCY = 8;
const INSTANCE_ENV = {
  BILLING_TIMER: 'off',
  PRACTICE_SYSTEM_CONNECTOR: 'off',
  LOG_LEVEL: 'warn',
};

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

type Call = 'search' | 'transactions' | 'payment';
const CALL_NAMES: Record<Call, string> = {
  search: 'GET patient/searchPatient "gar"',
  transactions: 'POST transaction/transactions, 30 days',
  payment: 'POST paymentplan/processPaymentNow',
};

/** Plans with their unpaid cycles, in order; a connection holds one at a time. */
type Plan = { id: number; details: number[] };

interface Target {
  url: string;
  token: string;
  pool: Plan[];
}

// ── CPU time from /proc, in seconds ──────────────────────────────────────────────────────────

const TICK = 100; // USER_HZ on Linux

function procTimes(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
    return {
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / TICK,
      children: (Number(fields[13]) + Number(fields[14])) / TICK,
    };
  } catch {
    return null;
  }
}

/** PostgreSQL's CPU: the postmaster, its live backends, and the backends that ended. */
function postgresCpu(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const root = procTimes(postmaster);
  if (!root) return 0;
  let total = root.own + root.children;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = procTimes(Number(entry));
    if (t && t.ppid === postmaster) total += t.own;
  }
  return total;
}

interface CpuProbe {
  instances: number[];
  postgresDir: string | null;
}

function cpuNow(probe: CpuProbe) {
  const usage = process.cpuUsage();
  return {
    instances: probe.instances.reduce((sum, pid) => sum + (procTimes(pid)?.own ?? 0), 0),
    postgres: probe.postgresDir ? postgresCpu(probe.postgresDir) : 0,
    bench: (usage.user + usage.system) / 1e6,
  };
}

// ── The cycles to pay ────────────────────────────────────────────────────────────────────────

async function api<T>(
  url: string,
  token: string,
  method: 'GET' | 'POST',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as {
    isSuccess?: boolean;
    value?: T;
    errors?: string[];
    message?: string;
  };
  if (!res.ok || answer.isSuccess === false) {
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return answer.value as T;
}

/** A patient with a Visa on file and a weekly card plan of CYCLES_PER_PLAN cycles, through the API. */
async function payablePlan(base: string, providerOrigin: string, token: string, n: number): Promise<Plan> {
  const customer = await api<{ id: number }>(`${base}/api/customer/transition`, token, 'POST', {
    firstName: 'Bench',
    lastName: `Payer${n}`,
    email: `bench.payer${n}.${randomUUID().slice(0, 8)}@example.com`,
    cell: `737${String(5_000_000 + n * 7919).slice(-7)}`,
  });
  const nonceAnswer = await fetch(`${providerOrigin}/v1/nonces`, {
    method: 'POST',
    // As the provider's own frame sends it.
    headers: { 'content-type': 'application/json', origin: providerOrigin },
    body: JSON.stringify({
      businessId: BUSINESS_ID,
      applicationId: 'bench',
      cardNumber: '4111111111111111',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
      zip: '78704',
    }),
  });
  if (!nonceAnswer.ok) throw new Error(`The card provider refused a nonce: ${nonceAnswer.status}`);
  const { nonce } = (await nonceAnswer.json()) as { nonce: string };
  const card = await api<{ id: number }>(`${base}/api/customerSavedCard/tokenize`, token, 'POST', {
    nonce,
    customerId: customer.id,
    isDefault: true,
  });
  const plan = await api<{ id: number; paymentPlanDetails: { id: number }[] }>(
    `${base}/api/paymentPlan/create`,
    token,
    'POST',
    {
      approvedMethod: 'VERBAL',
      customerId: customer.id,
      customerSavedCardId: card.id,
      total: CYCLES_PER_PLAN * CENTS_PER_CYCLE,
      cycleCount: CYCLES_PER_PLAN,
      frequency: 'WEEKLY',
      firstBillingDate: day(7),
    },
    { 'idempotency-key': randomUUID() },
  );
  return { id: plan.id, details: plan.paymentPlanDetails.map((d) => d.id) };
}

export async function seedPlans(base: string, providerOrigin: string, token: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      for (let n = next++; n < PLANS; n = next++)
        plans.push(await payablePlan(base, providerOrigin, token, n));
    }),
  );
  return plans;
}

// ── One run ──────────────────────────────────────────────────────────────────────────────────

export async function run(
  target: Target,
  call: Call,
  connections: number,
  durationSec: number,
): Promise<LoadResult> {
  const headers = [{ authorization: `Bearer ${target.token}`, 'content-type': 'application/json' }];
  if (call === 'search') {
    return load({
      url: `${target.url}/api/patient/searchPatient?name=gar`,
      method: 'GET',
      connections,
      durationSec,
      headers,
    });
  }
  if (call === 'transactions') {
    return load({
      url: `${target.url}/api/transaction/transactions`,
      method: 'POST',
      connections,
      durationSec,
      headers,
      body: JSON.stringify({ startDate: day(-30), endDate: day(0) }),
    });
  }
  // A plan is lent to one request at a time (its next cycle is payable only once the one before
  // is paid), and comes back with the answer, which names it.
  const lent = new Map<number, Plan>();
  try {
    return await load({
      url: `${target.url}/api/paymentplan/processPaymentNow`,
      method: 'POST',
      connections,
      durationSec,
      headers,
      next() {
        const plan = target.pool.shift();
        if (!plan) throw new Error('The bench ran out of payable cycles: raise PLANS or CYCLES_PER_PLAN.');
        lent.set(plan.id, plan);
        return {
          headers: { 'idempotency-key': randomUUID() },
          body: JSON.stringify({ paymentPlanDetailId: plan.details.shift() }),
        };
      },
      onResponse(_status, body) {
        const id = /"plan":\{"id":(\d+)/.exec(body)?.[1];
        const plan = id === undefined ? undefined : lent.get(Number(id));
        if (!plan) return;
        lent.delete(plan.id);
        if (plan.details.length > 0) target.pool.push(plan);
      },
    });
  } finally {
    // A plan whose payment was under way when the run ended: its cycle was taken, paid or not.
    for (const plan of lent.values()) if (plan.details.length > 0) target.pool.push(plan);
  }
}

interface Measured {
  result: LoadResult;
  cpu: { instances: number; postgres: number; bench: number };
}

async function measure(target: Target, probe: CpuProbe, call: Call, connections: number): Promise<Measured> {
  await run(target, call, Math.min(connections, 10), WARM_UP_SEC);
  const before = cpuNow(probe);
  const t0 = performance.now();
  const result = await run(target, call, connections, DURATION_SEC);
  const seconds = (performance.now() - t0) / 1000;
  const after = cpuNow(probe);
  // Cores kept busy on average: CPU seconds over wall seconds.
  const busy = (a: number, b: number) => (b - a) / seconds;
  return {
    result,
    cpu: {
      instances: busy(before.instances, after.instances),
      postgres: busy(before.postgres, after.postgres),
      bench: busy(before.bench, after.bench),
    },
  };
}

// ── The section ──────────────────────────────────────────────────────────────────────────────

const CALLS: Call[] = ['search', 'transactions', 'payment'];

type Figures = Map<string, Measured>;
const keyOf = (call: Call, clients: number) => `${call}@${clients}`;

async function allCalls(target: Target, probe: CpuProbe, label: string): Promise<Figures> {
  const figures: Figures = new Map();
  for (const clients of CLIENTS) {
    for (const call of CALLS) {
      const m = await measure(target, probe, call, clients);
      figures.set(keyOf(call, clients), m);
      process.stderr.write(`  ${label}, ${call} at ${clients}: ${m.result.rps.toFixed(0)} req/s\n`);
    }
  }
  return figures;
}

function figureRows(name: string, figures: Figures) {
  const rows: (string | number)[][] = [];
  for (const clients of CLIENTS) {
    for (const call of CALLS) {
      const { result: r, cpu } = figures.get(keyOf(call, clients))!;
      rows.push([
        name,
        clients,
        CALL_NAMES[call],
        r.rps.toFixed(0),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        r.errors + r.non2xx,
        cpu.instances.toFixed(2),
        cpu.postgres.toFixed(2),
        cpu.bench.toFixed(2),
      ]);
    }
  }
  return rows;
}

const HEADERS = [
  'servers',
  'clients',
  'call',
  'req/s',
  'p50',
  'p95',
  'p99',
  'errors',
  'CPU: instances',
  'PostgreSQL',
  'load',
];

export async function benchCluster() {
  const cores = os.cpus().length;
  console.log(
    `\n## Scaled out: one instance against three on PostgreSQL, and PGlite, at ${CLIENTS.join(' and ')} clients, ${DURATION_SEC} s each\n`,
  );
  console.log(
    `Every call through HAProxy, round-robin; ${PLANS} card plans of ${CYCLES_PER_PLAN} cycles made first through the API. CPU columns: cores kept busy on average during the run (this machine has ${cores}).\n`,
  );

  let cluster: Cluster | null = null;
  let single: Front | null = null;
  let pglite: ChildServer | null = null;
  let pgliteProxy: Front | null = null;
  let pgliteDir = '';
  try {
    // PostgreSQL: three instances, each charging through its own card provider, which share the
    // nonces and cards in the database.
    cluster = await startCluster({ instances: 3, env: INSTANCE_ENV });
    const c = cluster;
    const pids = () => c.instances.map((i) => i.server!.pid);
    const token = (await signIn(c.url, USER)).access_token;
    const pool = await seedPlans(c.url, c.cardProviderUrl, token);
    const firstInstance = c.instances[0]!;
    single = await startFront({
      port: await freePort(),
      servers: [{ name: 'instance1', host: '127.0.0.1', port: firstInstance.port }],
    });
    const postgresData = path.join(c.postgres.dir, 'data');
    const one = await allCalls(
      { url: `http://localhost:${single.port}`, token, pool },
      { instances: pids().slice(0, 1), postgresDir: postgresData },
      '1 instance',
    );
    const three = await allCalls(
      { url: c.url, token, pool },
      { instances: pids(), postgresDir: postgresData },
      '3 instances',
    );
    await single.close();
    single = null;
    await c.stop();
    cluster = null;

    // PGlite: one process, as `npm start` runs it.
    pgliteDir = tempDataDir('cluster-pglite');
    pglite = await startChildServer(pgliteDir, INSTANCE_ENV);
    const p = pglite;
    const pgToken = (await signIn(p.url, USER)).access_token;
    const providerOrigin = await cardProviderOrigin(p.url);
    const pglitePool = await seedPlans(p.url, providerOrigin, pgToken);
    pgliteProxy = await startFront({
      port: await freePort(),
      servers: [{ name: 'pglite', host: '127.0.0.1', port: Number(new URL(p.url).port) }],
    });
    const lite = await allCalls(
      { url: `http://localhost:${pgliteProxy.port}`, token: pgToken, pool: pglitePool },
      { instances: [p.pid], postgresDir: null },
      'PGlite',
    );

    console.log(
      table(
        HEADERS,
        [
          ...figureRows('PostgreSQL, 1 instance', one),
          ...figureRows('PostgreSQL, 3 instances', three),
          ...figureRows('PGlite, 1 process', lite),
        ],
        'lrlrrrrrrrr',
      ),
    );

    console.log(
      `\nScaling, 3 instances / 1 (req/s). Per core: the factor over the ${Math.min(3, cores)} cores three instances can use here; and req/s per core the server side kept busy (instances + PostgreSQL)\n`,
    );
    const perBusyCore = (m: Measured) => m.result.rps / Math.max(0.01, m.cpu.instances + m.cpu.postgres);
    const scaling: (string | number)[][] = [];
    for (const clients of CLIENTS) {
      for (const call of CALLS) {
        const k = keyOf(call, clients);
        const factor = three.get(k)!.result.rps / one.get(k)!.result.rps;
        scaling.push([
          CALL_NAMES[call],
          clients,
          `${factor.toFixed(2)}×`,
          `${(factor / Math.min(3, cores)).toFixed(2)}×`,
          perBusyCore(one.get(k)!).toFixed(0),
          perBusyCore(three.get(k)!).toFixed(0),
        ]);
      }
    }
    console.log(
      table(
        ['call', 'clients', '3 / 1', 'per core', 'req/s per busy core, 1', 'req/s per busy core, 3'],
        scaling,
        'lrrrrr',
      ),
    );

    console.log('\nPGlite against PostgreSQL (one instance each), req/s and p95\n');
    const versus: (string | number)[][] = [];
    for (const clients of CLIENTS) {
      for (const call of CALLS) {
        const k = keyOf(call, clients);
        const l = lite.get(k)!.result;
        const g = one.get(k)!.result;
        versus.push([
          CALL_NAMES[call],
          clients,
          l.rps.toFixed(0),
          g.rps.toFixed(0),
          `${(l.rps / g.rps).toFixed(2)}×`,
          ms(l.p95),
          ms(g.p95),
        ]);
      }
    }
    console.log(
      table(
        [
          'call',
          'clients',
          'PGlite req/s',
          'PostgreSQL req/s',
          'PGlite / PostgreSQL',
          'PGlite p95',
          'PostgreSQL p95',
        ],
        versus,
        'lrrrrrr',
      ),
    );
    const [load1, load5] = os.loadavg();
    console.log(
      `\nLoad average after the section: ${load1!.toFixed(2)} (1 min), ${load5!.toFixed(2)} (5 min), on ${cores} cores.`,
    );
  } finally {
    await single?.close();
    await cluster?.stop();
    await pgliteProxy?.close();
    await pglite?.stop();
    if (pgliteDir) fs.rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
  }
}

/** The card provider's origin a server gives its widgets (GET /api/configuration). */
async function cardProviderOrigin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/configuration`);
  const body = (await res.json()) as { value?: { cardProviderScriptUrl?: string } };
  const script = body.value?.cardProviderScriptUrl;
  if (!script) throw new Error('The configuration names no card provider script.');
  return new URL(script).origin;
}
