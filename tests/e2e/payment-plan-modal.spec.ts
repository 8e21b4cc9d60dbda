/**
 * <chairside-payment-plan plan-id> end to end, in Chromium, placed on the intranet example page (one
 * script tag) as a host page places it, signed in as the front desk:
 * - a seeded past-due plan: pills, the red alert with Send Reminder and Pause Notifications, the
 *   Authorization tab;
 * - a cash plan: a cash payment and an adjustment, and the panels follow;
 * - a cash plan automated with a card stored through the card provider's frame;
 * - a card plan: a Card on File payment with its surcharge looked up, then Cancel Plan;
 * - a modal body whose code could not load: the failure in the modal, and Try again.
 * Plans other than the seeded one are made through the API in the test, so the seeded data stays
 * as other tests expect it. Pictures of the modal (light and dark) go to .cache/shots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { typeCard } from './support/storedCards.js';

const VISA = '4111 1111 1111 1111';
const SHOTS = path.resolve('.cache', 'shots');

interface Envelope<T> {
  isSuccess: boolean;
  value: T;
  errors: string[];
}

interface PlanView {
  id: number;
  status: string;
  balanceDue: number;
  customerSavedCardId: number | null;
}

/** Calls the API as the signed-in person, through the page's own SDK (its token, its client). */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  payload: { body?: unknown; query?: Record<string, unknown>; idempotent?: boolean } = {},
): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, payload }) => {
      type Call = (endpoint: object, options: object) => Promise<unknown>;
      const chairside = window.Chairside as unknown as { sdk(): Promise<{ api: { call: Call } }> };
      const sdk = await chairside.sdk();
      const endpoint = { method, path, binary: false, idempotent: !!payload.idempotent };
      return (await sdk.api.call(endpoint, { body: payload.body, query: payload.query })) as unknown;
    },
    { method, path, payload },
  );
  const envelope = answer as Envelope<T>;
  expect(envelope.isSuccess, JSON.stringify(envelope.errors)).toBe(true);
  return envelope.value;
}

/** A nonce for a test card, as the provider's frame gets one (posted on the provider's origin). */
async function nonceFor(request: APIRequestContext, cardNumber: string): Promise<string> {
  const config = (await (await request.get('/api/configuration')).json()) as {
    value: { cardProviderScriptUrl: string };
  };
  const providerOrigin = new URL(config.value.cardProviderScriptUrl).origin;
  const answer = await request.post(`${providerOrigin}/v1/nonces`, {
    headers: { origin: providerOrigin },
    data: {
      businessId: 'biz_brightsmiles',
      applicationId: 'app',
      cardNumber: cardNumber.replace(/\D/g, ''),
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
      zip: '78704',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { nonce: string }).nonce;
}

let patients = 0;

/** A new patient of the practice, and a plan for them (cash, or paid by a new Visa card on file). */
async function newPlan(page: Page, { card }: { card: boolean }) {
  patients += 1;
  const stamp = `${Date.now() % 100000}${patients}`;
  const customer = await api<{ id: number; firstName: string; lastName: string }>(
    page,
    'POST',
    '/api/customer/transition',
    {
      body: {
        firstName: 'Nora',
        lastName: `Planner${stamp}`,
        email: `nora.planner${stamp}@example.com`,
        cell: `512555${stamp.slice(-4).padStart(4, '0')}`,
      },
    },
  );
  let customerSavedCardId: number | undefined;
  if (card) {
    const saved = await api<{ id: number }>(page, 'POST', '/api/customerSavedCard/tokenize', {
      body: { nonce: await nonceFor(page.request, VISA), customerId: customer.id, isDefault: true },
    });
    customerSavedCardId = saved.id;
  }
  const { today } = await api<{ today: string }>(page, 'GET', '/sandbox/clock');
  const firstBillingDate = new Date(`${today}T12:00:00Z`);
  firstBillingDate.setUTCDate(firstBillingDate.getUTCDate() + 10);
  const plan = await api<PlanView>(page, 'POST', '/api/paymentPlan/create', {
    idempotent: true,
    body: {
      customerId: customer.id,
      total: 60_000,
      cycleCount: 3,
      frequency: 'MONTHLY',
      firstBillingDate: firstBillingDate.toISOString().slice(0, 10),
      ...(card ? { customerSavedCardId } : { isCash: true }),
      approvedMethod: 'SIGNATURE',
      signature: `${customer.firstName} ${customer.lastName}`,
    },
  });
  return { plan, name: `${customer.firstName} ${customer.lastName}` };
}

/** Signs the front desk in with the intranet page's Sign in button (the patient search's). */
async function signInOnIntranet(page: Page) {
  await page.goto('/examples/intranet/');
  await signIn(page, 'frontdesk@chairside.test');
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Search patients' })).toBeVisible();
}

/**
 * Places <chairside-payment-plan> for a plan on the intranet example page (one script tag; its
 * legacy stylesheet off, for the pictures), as a host page does, with a line that shows the
 * element's last event.
 */
async function openPlan(page: Page, planId: number | string, theme?: 'dark') {
  await page.goto('/examples/intranet/?plain=1');
  await page.evaluate(
    ({ planId, theme }) => {
      const line = document.createElement('pre');
      line.id = 'plan-event';
      line.textContent = 'No event yet.';
      const element = document.createElement('chairside-payment-plan');
      element.setAttribute('plan-id', String(planId));
      if (theme) element.setAttribute('theme', theme);
      document.querySelector('.content')!.prepend(line, element);
      for (const name of ['payment-plan-changed', 'payment-plan-closed']) {
        document.addEventListener(name, (event) => {
          line.textContent = `${name} ${JSON.stringify((event as CustomEvent).detail)}`;
        });
      }
    },
    { planId, theme },
  );
}

function modal(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name: `Payment Plan for ${name}` });
}

const panel = (dialog: Locator, name: string) => dialog.getByRole('region', { name });

/** A picture of the modal (or a dialog on it), kept for people to look at. */
async function shoot(page: Page, dialog: Locator, name: string) {
  await page.mouse.move(0, 0);
  const shot = await dialog.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(path.join(SHOTS, `payment-plan-${name}.png`), shot);
  await test.info().attach(`payment-plan-${name}.png`, { body: shot, contentType: 'image/png' });
}

test.beforeEach(async ({ page }) => {
  await signInOnIntranet(page);
});

test('a seeded past-due plan: its pills, the red alert’s actions and the authorization', async ({ page }) => {
  await openPlan(page, 'x');
  // A bad plan-id is explained in the element.
  await expect(page.getByText('This widget is set up wrongly')).toBeVisible();
  await expect(
    page.getByText(/plan-id attribute of <chairside-payment-plan>: must be a payment plan id/),
  ).toBeVisible();

  const found = await api<{ paymentPlans: { id: number; firstName: string; lastName: string }[] }>(
    page,
    'POST',
    '/api/paymentPlan/list',
    { body: { status: 'PAST_DUE', search: 'John Smith', page: 1, pageSize: 10 } },
  );
  const seeded = found.paymentPlans[0]!;
  await openPlan(page, seeded.id);
  const dialog = modal(page, 'John Smith');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Plan ID: ${seeded.id}`)).toBeVisible();
  await expect(dialog.getByText(/^Patient ID: \d+$/)).toBeVisible();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();

  const alert = dialog.getByRole('group', { name: 'Past Due' });
  await expect(alert).toContainText(/This payment plan has a past-due balance of \$[\d,]+\.\d\d\./);
  await expect(dialog.getByRole('group', { name: 'Cash or check plan' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: /^Cycle \d+ of 8/ })).toBeVisible();
  await shoot(page, dialog, 'past-due-light');

  await alert.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(page.getByText('The decline reminder has been sent to the patient')).toBeVisible();

  // Pause Notifications is stored (seen again when the plan is opened again), then put back.
  const pause = alert.getByRole('checkbox', { name: 'Pause Notifications' });
  await expect(pause).not.toBeChecked();
  await pause.check();
  await expect(pause).toBeChecked();
  await expect(page.locator('#plan-event')).toHaveText(
    `payment-plan-changed {"id":${seeded.id},"status":"ACTIVE"}`,
  );
  await openPlan(page, seeded.id);
  await expect(
    modal(page, 'John Smith').getByRole('checkbox', { name: 'Pause Notifications' }),
  ).toBeChecked();
  await modal(page, 'John Smith').getByRole('checkbox', { name: 'Pause Notifications' }).uncheck();
  await expect(
    modal(page, 'John Smith').getByRole('checkbox', { name: 'Pause Notifications' }),
  ).not.toBeChecked();
  await expect
    .poll(
      async () =>
        (
          await api<{ isNotifyingForPastDuePayments: boolean }>(page, 'GET', '/api/paymentPlan/', {
            query: { paymentPlanId: seeded.id },
          })
        ).isNotifyingForPastDuePayments,
    )
    .toBe(true);

  // The fixture plan was signed at the front desk.
  const again = modal(page, 'John Smith');
  await again.getByRole('tab', { name: 'Authorization' }).click();
  const record = again.getByRole('tabpanel');
  await expect(record).toContainText('Signature');
  await expect(record).toContainText('John Smith');
  await expect(record).toContainText('203.0.113.24');
  await expect(again.getByRole('tab', { name: 'Schedule' })).toBeVisible();
});

test('a cash payment and an adjustment change the panels', async ({ page }) => {
  const { plan, name } = await newPlan(page, { card: false });
  await openPlan(page, plan.id);
  const dialog = modal(page, name);
  await expect(panel(dialog, 'Balance')).toContainText('$600.00');
  await expect(panel(dialog, 'Payments Received')).toContainText('$0.00');

  await panel(dialog, 'Balance').getByRole('button', { name: 'Make a Payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Plan Payment' });
  await expect(payment.getByRole('radio', { name: 'Cash' })).toBeChecked();
  // The upcoming payment to start with.
  await expect(payment.getByRole('textbox', { name: /Amount/ })).toHaveValue('200.00');
  await payment.getByRole('textbox', { name: 'Note' }).fill('Paid at the desk');
  await shoot(page, payment, 'payment-cash-light');
  await payment.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByText('Your transaction was completed.')).toBeVisible();
  await expect(payment).toBeHidden();
  await expect(panel(dialog, 'Payments Received')).toContainText('$200.00');
  await expect(panel(dialog, 'Balance')).toContainText('$400.00');
  await expect(dialog.getByRole('progressbar', { name: /^Cycle 1 of 3/ })).toBeVisible();

  await panel(dialog, 'Balance').getByRole('button', { name: 'Make a Payment' }).click();
  await payment.getByRole('radio', { name: 'Adjustment' }).check();
  await expect(payment.getByRole('radio', { name: 'Remove the amount from the balance' })).toBeChecked();
  await payment.getByRole('textbox', { name: /Description/ }).fill('Courtesy discount');
  await payment.getByRole('textbox', { name: /Adjustment Amount/ }).fill('50');
  await payment.getByRole('button', { name: 'Add Adjustment' }).click();
  await expect(page.getByText('Payment plan has been updated')).toBeVisible();
  await expect(panel(dialog, 'Balance')).toContainText('$350.00');
  await expect(panel(dialog, 'Plan Total')).toContainText('Adjustments: -$50.00');
  await expect(dialog.getByRole('tabpanel')).toContainText('Courtesy discount');
  await shoot(page, dialog, 'cash-plan-light');
});

test('a body whose code could not load says so in the modal, and Try again loads it', async ({ page }) => {
  const { plan, name } = await newPlan(page, { card: false });
  // The connection drops for the modal body's chunk (its prefetch and the render's own try), then
  // comes back.
  let offline = true;
  let refused = 0;
  await page.route('**/widgets/chunks/PlanDetails-*.js', (route) => {
    if (!offline) return route.continue();
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await openPlan(page, plan.id);
  const dialog = modal(page, name);
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText(
    'This part of Chairside could not load. Check the connection and try again.',
  );
  expect(refused).toBeGreaterThanOrEqual(1);
  // The rest of the modal still works: its title and Close.
  await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeVisible();
  await shoot(page, dialog, 'body-failed-light');

  offline = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(panel(dialog, 'Balance')).toContainText('$600.00');
  await expect(failure).toHaveCount(0);
});

test('a cash plan is automated with a card stored through the provider’s frame', async ({ page }) => {
  const { plan, name } = await newPlan(page, { card: false });
  await openPlan(page, plan.id);
  const dialog = modal(page, name);
  await expect(panel(dialog, 'Card on File')).toContainText('Paid with cash or check');
  await dialog
    .getByRole('group', { name: 'Cash or check plan' })
    .getByRole('button', { name: 'Automate with Card' })
    .click();

  // No card on file: straight to adding one.
  const adding = page.getByRole('dialog', { name: 'Add New Card' });
  await expect(adding).toContainText(
    "This patient doesn't currently have any stored cards. Please add a card below.",
  );
  const frame = page.frameLocator('iframe[title="Card details"]');
  await typeCard(frame, VISA);
  await adding.getByRole('button', { name: 'Add Card' }).click();

  const picker = page.getByRole('dialog', { name: 'Automate with Card' });
  await expect(picker.getByRole('radio', { name: /1111/ })).toBeChecked();
  await shoot(page, picker, 'automate-light');
  await picker.getByRole('button', { name: 'Automate with Card' }).click();
  await expect(
    page.getByText('The card has been attached to the payment plan and will now process automatically.'),
  ).toBeVisible();
  await expect(panel(dialog, 'Card on File')).toContainText('•••• 1111');
  await expect(panel(dialog, 'Card on File').getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Cash or check plan' })).toHaveCount(0);
  // A credit card at a surcharging practice: the upcoming payment shows its surcharge.
  await expect(panel(dialog, 'Upcoming Payment')).toContainText('Surcharge: $6.00');
  const stored = await api<PlanView & { isCash: boolean }>(page, 'GET', '/api/paymentPlan/', {
    query: { paymentPlanId: plan.id },
  });
  expect(stored.isCash).toBe(false);
  expect(stored.customerSavedCardId).not.toBeNull();
});

test('a card plan: a Card on File payment with its surcharge, then Cancel Plan (dark theme)', async ({
  page,
}) => {
  const { plan, name } = await newPlan(page, { card: true });
  await openPlan(page, plan.id, 'dark');
  const dialog = modal(page, name);
  await expect(panel(dialog, 'Card on File')).toContainText('•••• 1111');
  await expect(panel(dialog, 'Upcoming Payment')).toContainText('Total: $206.00');

  await panel(dialog, 'Balance').getByRole('button', { name: 'Make a Payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment Plan Payment' });
  await expect(payment.getByRole('radio', { name: 'Card on File' })).toBeChecked();
  await expect(payment.getByRole('combobox', { name: /Card/ })).toContainText('ending in 1111');
  const charge = payment.getByRole('status', { name: 'Surcharge' });
  await expect(charge).toContainText('$6.00');
  await expect(charge).toContainText('$206.00');
  const amount = payment.getByRole('textbox', { name: /Amount/ });
  await amount.fill('100');
  await expect(charge).toContainText('$3.00');
  await expect(charge).toContainText('$103.00');
  await shoot(page, payment, 'payment-card-dark');
  await payment.getByRole('button', { name: 'Process Payment' }).click();
  await expect(page.getByText('Your transaction was completed.')).toBeVisible();
  const received = panel(dialog, 'Payments Received');
  await expect(received).toContainText('$100.00');
  await expect(received).toContainText('Surcharge: $3.00');
  await expect(received).toContainText('Card Processed: $103.00');
  await expect(panel(dialog, 'Balance')).toContainText('$500.00');
  await shoot(page, dialog, 'card-plan-dark');

  await panel(dialog, 'Plan Total').getByRole('button', { name: 'Cancel Plan' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Plan' });
  await expect(confirm).toContainText('Canceled payment plans cannot be re-activated');
  await confirm.getByRole('button', { name: 'Cancel Plan' }).click();
  await expect(
    page.getByText('This payment plan has been canceled, and will no longer process transactions.'),
  ).toBeVisible();
  await expect(dialog.getByText(/^Canceled \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Schedule' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Make a Payment' })).toHaveCount(0);
  await expect(page.locator('#plan-event')).toHaveText(
    `payment-plan-changed {"id":${plan.id},"status":"INACTIVE"}`,
  );
  const stored = await api<PlanView>(page, 'GET', '/api/paymentPlan/', { query: { paymentPlanId: plan.id } });
  expect(stored.status).toBe('INACTIVE');

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#plan-event')).toHaveText(`payment-plan-closed {"id":${plan.id}}`);
});
