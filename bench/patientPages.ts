/**
 * Issue 39's budgets for the patient's pages (the payment page, the card request page, the enrolment
 * page), measured with Lighthouse 12's mobile preset (a mid-range phone on slow 4G, CPU slowed 4×,
 * simulated throttling), each run on a cold cache, the median of N runs per page (`--runs=N`, 5 by
 * default). Printed per page beside issue 39's figures of the day it was filed (59, 7.4 s, 344 KiB):
 * - performance, accessibility and best-practices scores;
 * - largest contentful paint and total blocking time;
 * - JS before the card frame: the page's own scripts requested before the card-entry frame's
 *   document, as the server sends them gzipped (the .gz beside each built file);
 * and which page is furthest from its budget (the largest ratio of a figure to its budget).
 *
 * `--before=DIR` also measures another checkout's build (as bench/public.ts does), run for run.
 *
 * Lighthouse (a dev dependency; LIGHTHOUSE_MODULE names another copy's entry) drives the tests'
 * Chromium (bench/lib/browser.ts) through the DevTools protocol.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyTemplate, ensureTemplate } from '../tests/support/template-db.js';
import { benchBrowserPath } from './lib/browser.js';
import { ensureFrontEnd, readBuiltFile } from './lib/frontEnd.js';
import { root, startChildServer, type ChildServer } from '../tests/support/childServer.js';
import { median, table } from './lib/stats.js';
import { makeLinks } from './public.js';

const PAGES = ['payment', 'card request', 'enrolment'] as const;
type PageName = (typeof PAGES)[number];

/** Issue 39's budgets, for each page. */
export const BUDGETS = {
  performance: 95,
  lcpMs: 2000,
  tbtMs: 100,
  jsBeforeFrameKb: 60,
  a11y: 100,
  bestPractices: 100,
};
/** The payment page's figures when issue 39 was filed (Lighthouse 12, mobile, against `npm start`). */
const FILED = { performance: 59, lcpMs: 7400, scriptsKiB: 344 };

export interface Run {
  performance: number;
  a11y: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes, gzip, of the page's own scripts requested before the card frame's document. */
  jsBeforeFrame: number;
  /** All the scripts the page loaded (any origin), as transferred. */
  scripts: number;
  scriptBytes: number;
}

interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
    runtimeError?: { message: string };
  };
}
interface NetworkRequest {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
  transferSize?: number;
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function loadLighthouse(): Promise<Lighthouse> {
  const spec = process.env.LIGHTHOUSE_MODULE ?? 'lighthouse';
  try {
    return ((await import(spec)) as { default: Lighthouse }).default;
  } catch (error) {
    throw new Error(
      `Lighthouse could not be loaded from '${spec}' (${(error as Error).message}). ` +
        'Run `npm install` (lighthouse is a dev dependency), or set LIGHTHOUSE_MODULE to its core/index.js.',
    );
  }
}

/** The tests' Chromium with a DevTools port of its choosing (read back from the profile), for Lighthouse. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-lh-'));
  const child = spawn(
    benchBrowserPath(),
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = path.join(profile, 'DevToolsActivePort');
  const t0 = Date.now();
  while (!fs.existsSync(portFile) || fs.readFileSync(portFile, 'utf8').trim() === '') {
    if (Date.now() - t0 > 20_000) throw new Error('Chromium did not open its DevTools port in 20 s.');
    await new Promise((r) => setTimeout(r, 50));
  }
  const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Bytes the server sends gzipped for a script of ours (dist/public), else what was transferred. */
function gzipBytes(request: NetworkRequest, origin: string): number {
  const url = new URL(request.url);
  if (url.origin === origin) {
    const file = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    try {
      return readBuiltFile(file).gzip;
    } catch {
      // not a built file (an API answer would not be a script): fall back to the wire
    }
  }
  return request.transferSize ?? 0;
}

/** One Lighthouse run of `url`, its figures. */
export async function lighthouseRun(lighthouse: Lighthouse, port: number, url: string, cardOrigin: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message} (${url})`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const origin = new URL(url).origin;
  const frame = requests.find((r) => r.resourceType === 'Document' && new URL(r.url).origin === cardOrigin);
  const frameAt = frame?.networkRequestTime ?? Number.POSITIVE_INFINITY;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const ours = scripts.filter(
    (r) => new URL(r.url).origin === origin && (r.networkRequestTime ?? 0) < frameAt,
  );
  return {
    performance: score('performance'),
    a11y: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    jsBeforeFrame: ours.reduce((sum, r) => sum + gzipBytes(r, origin), 0),
    scripts: scripts.length,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  } satisfies Run;
}

/** How far a page's medians are from its budget: the largest ratio of a figure to its budget (≤ 1 is within). */
export function budgetRatio(m: Run): { ratio: number; worst: string } {
  const ratios: [string, number][] = [
    ['performance', BUDGETS.performance / Math.max(m.performance, 1)],
    ['LCP', m.lcpMs / BUDGETS.lcpMs],
    ['TBT', m.tbtMs / BUDGETS.tbtMs],
    ['JS before card frame', m.jsBeforeFrame / 1000 / BUDGETS.jsBeforeFrameKb],
    ['accessibility', BUDGETS.a11y / Math.max(m.a11y, 1)],
    ['best practices', BUDGETS.bestPractices / Math.max(m.bestPractices, 1)],
  ];
  const [worst, ratio] = ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { ratio, worst };
}

const medians = (runs: Run[]): Run => {
  const m = (f: (r: Run) => number) => median(runs.map(f));
  return {
    performance: m((r) => r.performance),
    a11y: m((r) => r.a11y),
    bestPractices: m((r) => r.bestPractices),
    lcpMs: m((r) => r.lcpMs),
    tbtMs: m((r) => r.tbtMs),
    jsBeforeFrame: m((r) => r.jsBeforeFrame),
    scripts: m((r) => r.scripts),
    scriptBytes: m((r) => r.scriptBytes),
  };
};

/**
 * Each link at the path the server sees (`/p/{token}`: the patient's own entry, issue 39) where the
 * build serves it, else as the message has it (`/#/p/{token}`, the portal's entry: an older build).
 */
async function pageAddresses(links: Record<PageName, string>): Promise<Record<PageName, string>> {
  const entries = await Promise.all(
    PAGES.map(async (page) => {
      const atPath = links[page].replace('/#/', '/');
      const res = await fetch(atPath);
      await res.body?.cancel();
      return [page, res.status === 200 ? atPath : links[page]] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PageName, string>;
}

interface Build {
  name: string;
  server: ChildServer;
  links: Record<PageName, string>;
  cardOrigin: string;
}

export async function benchPatientPages() {
  const runs = Number(option('runs') ?? 5);
  const beforeDir = option('before');
  const lighthouse = await loadLighthouse();
  ensureFrontEnd();
  await ensureTemplate();
  console.log(
    `\n## The patient's pages on a phone (issue 39): Lighthouse mobile preset, median of ${runs} runs (load ${os.loadavg()[0]!.toFixed(1)})\n`,
  );
  const builds: Build[] = [];
  const start = async (name: string, dir: string, port: number) => {
    const server = await startChildServer(
      copyTemplate(),
      { PORT: String(port), CARD_PROVIDER_PORT: String(port + 1) },
      [],
      { run: 'build', root: dir },
    );
    builds.push({
      name,
      server,
      links: await pageAddresses(await makeLinks(server)),
      cardOrigin: `http://localhost:${port + 1}`,
    });
  };
  // Ports given by BENCH_PORT (two for each build), else any free ones.
  const basePort = Number(process.env.BENCH_PORT ?? 0);
  const chromium = await startChromium();
  try {
    if (beforeDir) {
      await start(
        `before (${path.basename(path.resolve(beforeDir))})`,
        path.resolve(beforeDir),
        basePort ? basePort + 2 : 0,
      );
    }
    await start('this build', root, basePort);
    const results = new Map<string, Run[]>();
    // A warm-up run of each (the server's first answers, the browser's start), not counted.
    for (const build of builds) {
      for (const page of PAGES)
        await lighthouseRun(lighthouse, chromium.port, build.links[page], build.cardOrigin);
    }
    for (let i = 0; i < runs; i++) {
      for (const page of PAGES) {
        // Alternating which build goes first, so a drift in the machine hits both.
        for (const build of i % 2 ? [...builds].reverse() : builds) {
          const key = `${build.name}\u0000${page}`;
          const run = await lighthouseRun(lighthouse, chromium.port, build.links[page], build.cardOrigin);
          results.set(key, [...(results.get(key) ?? []), run]);
        }
      }
    }
    const rows: string[][] = [
      [
        'payment',
        'issue 39, when filed',
        String(FILED.performance),
        `${(FILED.lcpMs / 1000).toFixed(1)} s`,
        '',
        '',
        '',
        '',
        `${FILED.scriptsKiB} KiB`,
        '',
      ],
    ];
    let furthest: { page: string; ratio: number; worst: string } | null = null;
    for (const page of PAGES) {
      for (const build of builds) {
        const m = medians(results.get(`${build.name}\u0000${page}`)!);
        const { ratio, worst } = budgetRatio(m);
        if (build.name === 'this build' && (!furthest || ratio > furthest.ratio))
          furthest = { page, ratio, worst };
        rows.push([
          page,
          build.name,
          String(m.performance),
          `${(m.lcpMs / 1000).toFixed(2)} s`,
          `${m.tbtMs.toFixed(0)} ms`,
          `${(m.jsBeforeFrame / 1000).toFixed(1)} kB`,
          String(m.a11y),
          String(m.bestPractices),
          `${(m.scriptBytes / 1024).toFixed(0)} KiB (${m.scripts})`,
          `${ratio.toFixed(2)}× (${worst})`,
        ]);
      }
    }
    console.log(
      table(
        [
          'page',
          'build',
          'perf',
          'LCP',
          'TBT',
          'JS before frame (gzip)',
          'a11y',
          'best pr.',
          'all scripts',
          'vs budget',
        ],
        rows,
        'llrrrrrrrl',
      ),
    );
    console.log(
      `\nBudgets: performance ≥ ${BUDGETS.performance}, LCP ≤ ${BUDGETS.lcpMs / 1000} s, TBT ≤ ${BUDGETS.tbtMs} ms, ` +
        `JS before the card frame ≤ ${BUDGETS.jsBeforeFrameKb} kB gzip, accessibility and best practices 100.`,
    );
    if (furthest) {
      console.log(
        `Furthest from its budget: the ${furthest.page} page, ${furthest.ratio.toFixed(2)}× (its ${furthest.worst}).`,
      );
    }
  } finally {
    await chromium.stop();
    for (const build of builds) await build.server.stop();
  }
}
