/**
 * An XSS string in every text field that a page shows, rendered in Chromium as inert text.
 *
 * FIELDS lists each text field a person or a patient can write (through the API, as the product
 * does, or typed into a page or its address) with its payload and the pages that show it; PAGES says
 * how to open each page. A field added later is one line of FIELDS. For each page the test checks
 * that each of its fields' payloads is there as literal text (inside the widgets' shadow roots too),
 * that no element was made from any payload, that no payload's script ran (`window.__xss`) and that
 * no dialog opened. Fields whose validation refuses markup (e-mail addresses, phone numbers) are
 * shown to refuse every payload with a 400 that names the field.
 *
 * A server of its own: the records are written for this test, and its clock is moved a day so that
 * the plan falls past due and the bell shows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server.js';
import { openSignedIn } from './support/practiceAddon.js';
import { fillSignIn, signInToPortal } from './support/portal.js';

/** The payloads: each sets window.__xss, or shows as markup, if a page ever treats it as HTML. */
const XSS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '"><script>window.__xss=2</script>',
  url: 'javascript:window.__xss=3',
  template: '{{7*7}}<b>bold</b>',
} as const;
/** All four in one, for fields long enough; `tag` tells the fields apart on a page. */
const all = (tag: string) => `${XSS.img} ${XSS.script} ${XSS.url} ${XSS.template} (${tag})`;

type PageName =
  | 'patient search'
  | 'patient search, first view'
  | 'patient page'
  | 'payment requests'
  | 'payment request modal'
  | 'payment plans'
  | 'payment plan modal: payment history'
  | 'payment plan modal: authorization'
  | 'dashboard'
  | 'notification bell'
  | 'public payment page'
  | 'sign-in page'
  | 'outbox'
  | 'error page'
  | 'payment plans search';

/** Where a field is written: a record made through the API, or typed on the page (or its address). */
type Writer =
  'patient' | 'payment request' | 'payment plan' | 'cash payment' | 'check payment' | 'adjustment';

interface Field {
  name: string;
  payload: string;
  /** The record (and its body's property) it is written in; `typed` when the page takes it. */
  in: { record: Writer; property: string } | 'typed';
  shownOn: PageName[];
  /** Shown as a form control's value rather than as text. */
  asValue?: boolean;
}

const NAME_PAGES: PageName[] = [
  'patient search',
  'patient search, first view',
  'patient page',
  'payment requests',
  'payment request modal',
  'payment plans',
  'payment plan modal: payment history',
  'notification bell',
];

const FIELDS: Field[] = [
  {
    name: 'patient first name',
    payload: XSS.img,
    in: { record: 'patient', property: 'firstName' },
    shownOn: [...NAME_PAGES, 'public payment page', 'outbox'],
  },
  {
    name: 'patient last name',
    payload: `${XSS.script} ${XSS.template}`,
    in: { record: 'patient', property: 'lastName' },
    shownOn: NAME_PAGES,
  },
  {
    // The most an e-mail address lets through (markup is refused: see the test below).
    name: 'patient e-mail',
    payload: "o'brien+xss@example.com",
    in: { record: 'patient', property: 'email' },
    shownOn: [
      'patient search',
      'patient search, first view',
      'patient page',
      'payment requests',
      'payment request modal',
      'outbox',
    ],
  },
  {
    name: 'patient ZIP code',
    payload: '<b>zip</b>',
    in: { record: 'patient', property: 'zip' },
    shownOn: ['patient page'],
  },
  {
    name: 'payment request message',
    payload: all('message'),
    in: { record: 'payment request', property: 'message' },
    shownOn: ['public payment page', 'outbox'],
  },
  {
    name: 'plan signature',
    payload: all('signature'),
    in: { record: 'payment plan', property: 'signature' },
    shownOn: ['payment plan modal: authorization'],
  },
  {
    name: 'plan agreement',
    payload: all('agreement'),
    in: { record: 'payment plan', property: 'template' },
    shownOn: ['payment plan modal: authorization'],
  },
  {
    name: 'cash payment note',
    payload: all('cash note'),
    in: { record: 'cash payment', property: 'note' },
    shownOn: ['payment plan modal: payment history'],
  },
  {
    name: 'check number',
    payload: '<svg onload=window.__xss=4>',
    in: { record: 'check payment', property: 'checkNum' },
    shownOn: ['payment plan modal: payment history'],
  },
  {
    name: 'check payment note',
    payload: all('check note'),
    in: { record: 'check payment', property: 'note' },
    shownOn: ['payment plan modal: payment history'],
  },
  {
    name: 'adjustment description',
    payload: all('adjustment'),
    in: { record: 'adjustment', property: 'description' },
    shownOn: ['payment plan modal: payment history'],
  },
  {
    name: 'sign-in e-mail, echoed after a failed sign-in',
    payload: `${XSS.script}${XSS.img}`,
    in: 'typed',
    shownOn: ['sign-in page'],
    asValue: true,
  },
  {
    name: "error page's message (its address)",
    payload: all('error_message'),
    in: 'typed',
    shownOn: ['error page'],
  },
  {
    name: 'payment plans search (its address)',
    payload: XSS.img,
    in: 'typed',
    shownOn: ['payment plans search'],
  },
];

const payloadOf = (name: string) => FIELDS.find((f) => f.name === name)!.payload;

/** Text that only markup made from a payload would produce: the payloads' <b> contents. */
const INJECTED_BOLD = [
  ...new Set(FIELDS.flatMap((f) => [...f.payload.matchAll(/<b>(.*?)<\/b>/g)].map((m) => m[1]!))),
];

interface Records {
  customer: { id: number; key: number };
  request: { id: string; link: string };
  planId: number;
}

const SHOTS = path.resolve('.cache', 'shots');
let server: TestServer;
let records: Records;

/** The body properties the table gives a record. */
function tableProperties(record: Writer) {
  return Object.fromEntries(
    FIELDS.filter((f) => f.in !== 'typed' && f.in.record === record).map((f) => [
      (f.in as { property: string }).property,
      f.payload,
    ]),
  );
}

async function call<T>(token: string, path: string, body?: unknown, idempotent = false): Promise<T> {
  const { status, body: envelope } = await server.call<T>(body === undefined ? 'GET' : 'POST', path, {
    token,
    body,
    headers: idempotent ? { 'idempotency-key': crypto.randomUUID() } : {},
  });
  expect(status, `${path}: ${JSON.stringify(envelope.errors)}`).toBe(200);
  return envelope.value as T;
}

test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  const token = await server.tokenFor('frontdesk');
  const customer = await call<{ id: number; key: number }>(token, '/api/customer/transition', {
    firstName: 'x',
    lastName: 'x',
    cell: '5125550199',
    ...tableProperties('patient'),
  });
  const request = await call<{ id: string; link: string }>(
    token,
    '/api/notification/create',
    {
      customerId: customer.id,
      amount: 4_200,
      notifyText: true,
      cell: '5125550199',
      notifyEmail: true,
      email: payloadOf('patient e-mail'),
      ...tableProperties('payment request'),
    },
    true,
  );
  const { today } = await call<{ today: string }>(token, '/sandbox/clock');
  const plan = await call<{ id: number }>(
    token,
    '/api/paymentPlan/create',
    {
      customerId: customer.id,
      total: 30_000,
      cycleCount: 3,
      firstBillingDate: today,
      isCash: true,
      approvedMethod: 'SIGNATURE',
      ...tableProperties('payment plan'),
    },
    true,
  );
  // A day later the first cycle is missed: the plan is past due, and the bell says so.
  await call(await server.tokenFor('admin'), '/sandbox/clock/advance', { days: 1 });
  const payment = (paymentType: string, extra: Record<string, unknown>) =>
    call(token, '/api/PaymentPlan/processBalance', { paymentPlanId: plan.id, paymentType, ...extra }, true);
  await payment('CASH', { amount: 1_000, ...tableProperties('cash payment') });
  await payment('CHECK', { amount: 1_000, ...tableProperties('check payment') });
  await payment('ADJ', { amount: 500, type: 'CREDIT', ...tableProperties('adjustment') });
  records = { customer, request, planId: plan.id };
});
test.afterAll(async () => server?.close());

const signedIn = (page: Page, path: string) => signInToPortal(page, 'frontdesk', `${server.url}${path}`);

async function openRequests(page: Page) {
  await signedIn(page, `/#/notifications?q=${records.customer.key}`);
  const rows = page.getByRole('table', { name: 'Payment requests' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  return rows.nth(1);
}

async function openPlan(page: Page) {
  await signedIn(page, `/#/paymentplans?q=${records.customer.key}&paymentPlanId=${records.planId}`);
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('tab', { name: 'Payment History' })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByRole('table').getByRole('row')).not.toHaveCount(1);
  return modal;
}

/** How each page is opened, with what it needs on the way (a sign-in, a click); the page it ends on. */
const PAGES: Record<PageName, (page: Page, browser: Browser) => Promise<Page>> = {
  'patient search': async (page) => {
    await signedIn(page, '/#/dashboard');
    await page.getByRole('combobox', { name: 'Search patients' }).fill(String(records.customer.key));
    await expect(page.getByTestId('patient-search-popup')).toHaveAttribute('data-state', 'results.complete');
    await expect(page.getByRole('option').first()).toBeVisible();
    return page;
  },
  'patient search, first view': async (page) => {
    // The server renders the search's first view (HTML the element puts in its shadow root before
    // its code loads); the code is held back so that the first view is what is checked.
    await page.route('**/widgets/patient-search-*.js', () => undefined);
    const key = records.customer.key;
    // The add-on page asks for the practice system's own sign-in first.
    await openSignedIn(page, `${server.url}/examples/practice-addon/?patNum=${key}&key=${key}`);
    await expect(page.locator('chairside-patient-search .chairside-first-view')).toBeVisible();
    await expect(page.getByTestId('patient-search-popup')).toHaveAttribute('data-state', 'results.complete');
    return page;
  },
  'patient page': async (page) => {
    await signedIn(page, `/#/Customer/${records.customer.id}?key=${records.customer.key}`);
    await expect(page.getByRole('region', { name: 'Payment Plans' }).getByRole('row')).toHaveCount(2);
    return page;
  },
  'payment requests': async (page) => {
    await openRequests(page);
    return page;
  },
  'payment request modal': async (page) => {
    await (await openRequests(page)).getByRole('button').first().click();
    await expect(page.getByRole('dialog').getByRole('list', { name: 'Progress' })).toBeVisible();
    return page;
  },
  'payment plans': async (page) => {
    await signedIn(page, `/#/paymentplans?q=${records.customer.key}`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    return page;
  },
  'payment plan modal: payment history': async (page) => {
    await openPlan(page);
    return page;
  },
  'payment plan modal: authorization': async (page) => {
    const modal = await openPlan(page);
    await modal.getByRole('tab', { name: 'Authorization' }).click();
    await expect(modal.getByRole('definition').first()).toBeVisible();
    return page;
  },
  dashboard: async (page) => {
    await signedIn(page, '/#/dashboard');
    await expect(page.getByText('By payment method')).toBeVisible();
    return page;
  },
  'notification bell': async (page) => {
    await signedIn(page, '/#/dashboard');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('link').first()).toBeVisible();
    return page;
  },
  'public payment page': async (_page, browser) => {
    // The patient, in a browser of their own, with no sign-in.
    const patient = await (await browser.newContext()).newPage();
    await patient.goto(records.request.link);
    await expect(
      patient.frameLocator('iframe[title="Card details"]').getByLabel('Card number'),
    ).toBeEditable();
    return patient;
  },
  'sign-in page': async (page) => {
    await page.goto(`${server.url}/#/dashboard`);
    await fillSignIn(page, payloadOf('sign-in e-mail, echoed after a failed sign-in'), 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    return page;
  },
  outbox: async (page) => {
    // The outbox is the practice's: the portal's Outbox page, signed in.
    await signedIn(page, '/#/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    return page;
  },
  'error page': async (page) => {
    const message = encodeURIComponent(payloadOf("error page's message (its address)"));
    await page.goto(`${server.url}/#/error?error_message=${message}`);
    await expect(page.getByText('Oops!')).toBeVisible();
    return page;
  },
  'payment plans search': async (page) => {
    const term = encodeURIComponent(payloadOf('payment plans search (its address)'));
    await signedIn(page, `/#/paymentplans?q=${term}`);
    await expect(page.getByText(/^No payment plans match/)).toBeVisible();
    return page;
  },
};

/** Elements that only a payload treated as markup would make, in the page and every shadow root. */
function injectedElements(page: Page) {
  return page.evaluate((boldTexts) => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    }
    const found: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll(
        'img[src="x"], svg[onload], script, b, [onerror], [onload], a[href^="javascript:" i]',
      )) {
        const tag = el.tagName.toLowerCase();
        if (tag === 'script' && !el.textContent?.includes('__xss')) continue;
        // The patient's page carries the link's answer as data for its script (type
        // application/json, never run, every '<' escaped): a payload in it is a JSON string. One that
        // broke out would make a script element of its own, which this still finds.
        if (tag === 'script' && el.getAttribute('type') === 'application/json') continue;
        if (tag === 'b' && !boldTexts.includes(el.textContent ?? '')) continue;
        found.push(el.outerHTML.slice(0, 120));
      }
    }
    return found;
  }, INJECTED_BOLD);
}

test.describe('the fields that refuse markup', () => {
  test('an e-mail address or a phone number with a payload is refused with a 400 naming the field', async () => {
    const token = await server.tokenFor('frontdesk');
    const refusals: [string, Record<string, unknown>, string][] = [];
    for (const payload of Object.values(XSS)) {
      refusals.push(
        ['/api/customer/transition', { firstName: 'A', lastName: 'B', email: payload }, 'body.email'],
        ['/api/customer/transition', { firstName: 'A', lastName: 'B', cell: payload }, 'body.cell'],
        [
          '/api/notification/create',
          {
            customerId: records.customer.id,
            amount: 100,
            notifyText: false,
            notifyEmail: true,
            email: payload,
          },
          'body.email',
        ],
        [
          '/api/customer/sendCardRequest',
          { customerId: records.customer.id, notifyText: true, cell: payload, notifyEmail: false },
          'body.cell',
        ],
      );
    }
    for (const [path, body, field] of refusals) {
      const { status, body: envelope } = await server.call('POST', path, {
        token,
        body,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(envelope.errors.join(' '), path).toContain(`${field}:`);
    }
  });
});

for (const [name, open] of Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][]) {
  const fields = FIELDS.filter((f) => f.shownOn.includes(name));
  test(`${name}: ${fields.map((f) => f.name).join(', ') || 'no field of the table'}, as inert text`, async ({
    page: firstPage,
    browser,
  }) => {
    test.setTimeout(90_000);
    const dialogs: string[] = [];
    firstPage.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const page = await open(firstPage, browser);
    if (page !== firstPage) page.on('dialog', (d) => dialogs.push(d.message()));
    for (const field of fields) {
      if (field.asValue) {
        await expect
          .poll(
            () =>
              page
                .locator('input, textarea')
                .evaluateAll(
                  (els, value) => els.some((el) => (el as HTMLInputElement).value === value),
                  field.payload,
                ),
            { message: field.name },
          )
          .toBe(true);
      } else {
        await expect(page.getByText(field.payload).first(), field.name).toBeVisible();
      }
    }
    await page.screenshot({ path: path.join(SHOTS, `xss-${name.replace(/\W+/g, '-')}.png`) });
    expect(await injectedElements(page)).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    if (page !== firstPage) await page.context().close();
  });
}
