/**
 * A patient's link answers its page with the first view in the HTML (issue 39): the server renders
 * the practice, the greeting, the amount and the surcharge sentence with the link's own answer
 * (portal/patient/renderPage.tsx, here from source, as the sandbox loads the build's copy), with the
 * status code the link deserves: 200 open, 410 paid, used or expired, 404 unknown, and 429 once an
 * address has guessed too often, counted by the same throttle as the API's link routes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPageHead } from '../../scripts/vite-plugins.js';
import { CARDS, createRequest, newCustomer, outbox, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

// The page as built, from its source: the renderer's markup goes into it.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-patient-pages-'));
fs.mkdirSync(path.join(distDir, 'public', 'patient'), { recursive: true });
fs.writeFileSync(
  path.join(distDir, 'public', 'patient', 'index.html'),
  withPageHead(fs.readFileSync(path.resolve(import.meta.dirname, '../../portal/patient/index.html'), 'utf8')),
);

let server: TestServer;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer({
    CHAIRSIDE_PATIENT_PAGE: 'portal/patient/renderPage.tsx',
    CHAIRSIDE_DIST_DIR: distDir,
  });
  frontdesk = await server.tokenFor('frontdesk');
}, 60_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

async function open(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The page's text as a person reads it without scripts: the root's markup without its tags. */
function textOf(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'));
  return root
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<\/?(strong|em|span)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** What the page tells its script (main.tsx), or null when the page loads none. */
function nextOf(html: string): { mode: string; answer?: { status?: string } } | null {
  const json = /<script type="application\/json" id="chairside-page">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { mode: string }) : null;
}

describe("a payment link's page", () => {
  it('renders an open link: practice, greeting, amount and surcharge in the HTML, for the script to adopt', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 12_500, {
      message: 'For your cleaning.',
    });
    const page = await open(`/p/${linkToken}`);
    expect(page.status).toBe(200);
    // The patient's own data: never kept by a cache.
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.html).toContain('<title>Payment · Chairside</title>');
    const text = textOf(page.html);
    expect(text).toContain('Bright Smiles Dental');
    expect(text).toContain(`Hi ${customer.firstName},`);
    expect(text).toContain('Bright Smiles Dental has requested a payment of $125.00.');
    expect(text).toContain('“For your cleaning.”');
    expect(text).toContain('Credit cards carry a 3% surcharge. Debit and prepaid cards carry none.');
    // Its CSS is in the page (Griffel's rules, and the dark theme's variables beside the light).
    expect(page.html).toMatch(/<style data-make-styles-bucket="d"[^>]*>/);
    expect(page.html).toMatch(
      /<style>html\[data-theme='dark'\] \.fui-FluentProvider[^{]+\{[^}]*--colorNeutralBackground1: #292929;/,
    );
    // The frame the markup declares, with the provider's script preloaded: it starts before the
    // page's own script has loaded (cardFrameStart.ts).
    expect(page.html).toMatch(/<div id="card-frame-[^"]+"[^>]* data-card-frame="\{&quot;scriptUrl&quot;/);
    expect(page.html).toMatch(
      /<link rel="preload" as="script" href="http:\/\/localhost:\d+\/tokenize\.js" \/>/,
    );
    expect(page.html).toContain('<script type="module" src="./start.ts"></script>');
    expect(nextOf(page.html)).toMatchObject({ mode: 'hydrate', answer: { status: 'OPEN', amount: 12_500 } });
  });

  it('answers a paid link 410 with its receipt, for the script to render again in the patient’s zone', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 4_000);
    const paid = await payWithCard(server, linkToken, CARDS.visa);
    expect(paid.body.value?.isApproved).toBe(true);
    const page = await open(`/p/${linkToken}`);
    expect(page.status).toBe(410);
    const text = textOf(page.html);
    expect(text).toContain('This payment request has been paid.');
    expect(text).toMatch(
      /\$41\.20 was paid on \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d [AP]M\. No further payment is needed\./,
    );
    expect(page.html).not.toContain('data-card-frame');
    expect(page.html).not.toContain('rel="preload"');
    expect(nextOf(page.html)).toMatchObject({ mode: 'render', answer: { status: 'PAID' } });
  });

  it('answers an expired link 410 with only the practice, and an unknown one 404 with no script', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 2_500);
    await server.ctx.clock.advance(8 * DAY);
    const expired = await open(`/p/${linkToken}`);
    expect(expired.status).toBe(410);
    expect(textOf(expired.html)).toContain('This link has expired.');
    expect(textOf(expired.html)).not.toContain(customer.firstName);

    const unknown = await open('/p/NoSuchLinkToken0000000000000000');
    expect(unknown.status).toBe(404);
    expect(textOf(unknown.html)).toContain('This payment link could not be opened.');
    expect(nextOf(unknown.html)).toBeNull();
    expect(unknown.html).not.toContain('type="module"');
  });
});

describe('the card request and enrolment pages', () => {
  it('render an open card link, and an unknown card or enrolment link 404', async () => {
    const customer = await newCustomer(server, frontdesk);
    const sent = await server.call('POST', '/api/customer/sendCardRequest', {
      token: frontdesk,
      body: { customerId: customer.id, notifyEmail: true, email: customer.email, notifyText: false },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const message = (await outbox(server)).find(
      (m) => m.recipient === customer.email && m.link?.includes('/card/'),
    );
    const link = new URL(message!.link!);
    const page = await open(link.pathname);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Card on file · Chairside</title>');
    expect(textOf(page.html)).toContain(`Hi ${customer.firstName},`);
    expect(page.html).toContain('data-card-frame=');
    expect(nextOf(page.html)).toMatchObject({ mode: 'hydrate' });

    expect((await open('/card/NoSuchLinkToken0000000000000000')).status).toBe(404);
    expect((await open('/enroll/NoSuchLinkToken0000000000000000')).status).toBe(404);
  });
});

describe('guessing links', () => {
  it('is limited for the page as for the API: the same count, then 429 with Retry-After', async () => {
    // This file's other tests guessed 3 times already; the rule allows 20 in its window.
    let last = { status: 0, headers: new Headers(), html: '' };
    for (let i = 0; i < 20 && last.status !== 429; i++)
      last = await open(`/p/Guess${i}Token0000000000000000000`);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(textOf(last.html)).toContain('This payment link could not be opened.');
    // The API's route refuses the address too: one count, whichever way the guesses came.
    const api = await fetch(`${server.url}/api/public/paymentRequest?token=AnotherGuess000000000000000000`);
    expect(api.status).toBe(429);
  });
});
