/**
 * Issue 31's public pages on a phone: the membership enrolment page, the public payment page and the
 * card request page, opened from their links at 390×844 (a phone's viewport, touch, mobile) against
 * a sandbox, each load in a new browser context (cold cache: the patient opens a text's link once).
 * Printed per page, the median of N loads (`--runs=N`, 9 by default), in ms since navigation start:
 * - heading: the page's h1 on screen (for a link's page, 'Hi {first name},');
 * - card fields: the card-entry frame's fields laid out (in the provider's frame, its script run);
 * - scripts: the JavaScript files the page loaded by then (count, and kB as sent, compressed).
 *
 * `--before=DIR` also measures another checkout's build (e.g. `git archive <commit> | tar -x -C DIR`,
 * node_modules linked, `npx tsx scripts/build.ts` run there), against the same seeded database,
 * its loads alternating with this build's, and prints both side by side.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../tests/support/oidc.js';
import { copyTemplate, ensureTemplate } from '../tests/support/template-db.js';
import { browserLine, launchChromium } from './lib/browser.js';
import { ensureFrontEnd } from './lib/frontEnd.js';
import { root, startChildServer, type ChildServer } from '../tests/support/childServer.js';
import { median, table } from './lib/stats.js';

const PAGES = ['enrolment', 'payment', 'card request'] as const;
type PageName = (typeof PAGES)[number];

interface Load {
  heading: number;
  cardFields: number;
  scripts: number;
  scriptBytes: number;
}

interface Build {
  name: string;
  server: ChildServer;
  links: Record<PageName, string>;
}

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/**
 * Runs in every frame first thing, and reports on the Unix-time clock: in the page, when its h1 is on
 * screen (the animation frame after the one that laid it out: that one has been presented by then);
 * in the card-entry frame, when its fields are laid out with a size and its script has run (the
 * document parsed). That frame is below the fold on a phone, and Chromium runs no animation frames
 * for a cross-origin frame out of view, so it is polled with timers.
 */
const MARK_SCRIPT = `(function () {
  var top = window === window.parent;
  function shown(selector) {
    var el = document.querySelector(selector);
    if (!el) return false;
    var r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  }
  function now() { return performance.timeOrigin + performance.now(); }
  if (top) {
    (function tick() {
      if (!shown('h1')) return requestAnimationFrame(tick);
      requestAnimationFrame(function () { window.__benchMark('heading', now()); });
    })();
  } else {
    (function poll() {
      if (document.readyState === 'loading' || !shown('input#card-number')) return setTimeout(poll, 5);
      window.__benchMark('cardFields', now());
    })();
  }
})();`;

async function api<T>(
  server: ChildServer,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const envelope = (await res.json()) as { isSuccess: boolean; value: T; errors: string[] };
  if (res.status !== 200 || !envelope.isSuccess) {
    throw new Error(`${method} ${url} answered ${res.status}: ${envelope.errors?.join(' ')}`);
  }
  return envelope.value;
}

/** A new patient (Paloma Benchphone unless named), and a payment link, an enrolment link and a card request link of theirs. */
export async function makeLinks(
  server: ChildServer,
  who = { firstName: 'Paloma', lastName: 'Benchphone', cell: '5125559031' },
): Promise<Record<PageName, string>> {
  const admin = (await signIn(server.url, 'admin@chairside.test')).access_token;
  const patient = await api<{ id: number; email: string; cell: string }>(
    server,
    admin,
    'POST',
    '/api/customer/transition',
    { ...who, email: `${who.firstName}.${who.lastName}@example.com`.toLowerCase() },
  );
  const request = await api<{ link: string }>(server, admin, 'POST', '/api/notification/create', {
    customerId: patient.id,
    amount: 12_500,
    notifyText: false,
    notifyEmail: true,
    email: patient.email,
    message: 'For your cleaning.',
  });
  const plans = await api<{ id: number; monthlyAmount: number | null; isActive: boolean }[]>(
    server,
    admin,
    'GET',
    '/api/membershipPlan/list',
  );
  const plan = plans.find((p) => p.isActive && p.monthlyAmount !== null);
  if (!plan) throw new Error('The seed has no active monthly membership plan.');
  const { today } = await api<{ today: string }>(server, admin, 'GET', '/sandbox/clock');
  await api(server, admin, 'POST', '/api/customerMembershipBilling/enroll', {
    customerId: patient.id,
    enrollees: [{ customerId: patient.id, membershipPlanId: plan.id, qty: 1 }],
    cycle: 'MONTHLY',
    startDate: today,
    approveBy: 'LINK',
    notifyEmail: true,
    email: patient.email,
    notifyText: false,
  });
  await api(server, admin, 'POST', '/api/customer/sendCardRequest', {
    customerId: patient.id,
    notifyEmail: true,
    email: patient.email,
    notifyText: false,
  });
  const { messages } = await api<{ messages: { recipient: string; link: string | null }[] }>(
    server,
    admin,
    'GET',
    '/sandbox/outbox.json?limit=20',
  );
  const linkWith = (part: string) => {
    const link = messages.find((m) => m.recipient === patient.email && m.link?.includes(part))?.link;
    if (!link) throw new Error(`The outbox has no ${part} link for the bench's patient.`);
    return link;
  };
  return { enrolment: linkWith('/enroll/'), payment: request.link, 'card request': linkWith('/card/') };
}

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const marks = new Map<string, number>();
    const both = new Promise<void>((resolve) => {
      void context.exposeBinding('__benchMark', (_source, name: string, at: number) => {
        if (!marks.has(name)) marks.set(name, at);
        if (marks.has('heading') && marks.has('cardFields')) resolve();
      });
    });
    await context.addInitScript(MARK_SCRIPT);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(url, { waitUntil: 'commit' });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const seen = [...marks.keys()].join(', ') || 'nothing';
        reject(new Error(`${url} did not show its heading and card fields in 30 s (saw: ${seen}).`));
      }, 30_000);
    });
    await Promise.race([both, late]).finally(() => clearTimeout(timer));
    const { origin, scripts } = await page.evaluate(() => {
      const own = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).origin === location.origin && /\.js(\?|$)/.test(e.name));
      return {
        origin: performance.timeOrigin,
        scripts: own.map((e) => (e as PerformanceResourceTiming).encodedBodySize),
      };
    });
    if (errors.length) throw new Error(`${url} logged errors:\n${errors.join('\n')}`);
    return {
      heading: marks.get('heading')! - origin,
      cardFields: marks.get('cardFields')! - origin,
      scripts: scripts.length,
      scriptBytes: scripts.reduce((a, b) => a + b, 0),
    };
  } finally {
    await context.close();
  }
}

export async function benchPublic() {
  const runs = Number(option('runs') ?? 9);
  const beforeDir = option('before');
  ensureFrontEnd();
  await ensureTemplate();
  console.log(`\n## Public pages on a phone (390×844, cold cache), median of ${runs} loads\n`);
  const builds: Build[] = [];
  const start = async (name: string, dir: string) => {
    const server = await startChildServer(copyTemplate(), {}, [], {
      run: 'build',
      root: dir,
    });
    builds.push({ name, server, links: await makeLinks(server) });
  };
  const browser = await launchChromium();
  try {
    if (beforeDir) await start(`before (${path.basename(path.resolve(beforeDir))})`, path.resolve(beforeDir));
    await start('this build', root);
    console.log(browserLine(browser));
    const loads = new Map<string, Load[]>();
    // A warm-up load of each (the server's first answers, the browser's own start), not counted.
    for (const build of builds) for (const page of PAGES) await load(browser, build.links[page]);
    for (let i = 0; i < runs; i++) {
      for (const page of PAGES) {
        // Alternating which build goes first, so a drift in the machine hits both.
        const order = i % 2 ? [...builds].reverse() : builds;
        for (const build of order) {
          const key = `${build.name}\u0000${page}`;
          loads.set(key, [...(loads.get(key) ?? []), await load(browser, build.links[page])]);
        }
      }
    }
    const rows = PAGES.flatMap((page) =>
      builds.map((build) => {
        const l = loads.get(`${build.name}\u0000${page}`)!;
        const m = (f: (x: Load) => number) => median(l.map(f));
        return [
          page,
          build.name,
          `${m((x) => x.heading).toFixed(0)} ms`,
          `${m((x) => x.cardFields).toFixed(0)} ms`,
          String(m((x) => x.scripts)),
          `${(m((x) => x.scriptBytes) / 1000).toFixed(1)} kB`,
        ];
      }),
    );
    console.log(table(['page', 'build', 'heading', 'card fields', 'scripts', 'script kB'], rows, 'llrrrr'));
  } finally {
    await browser.close();
    for (const build of builds) await build.server.stop();
  }
}
