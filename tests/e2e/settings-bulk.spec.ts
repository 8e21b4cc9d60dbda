/**
 * Bulk payment requests end to end in Chromium (issue 36): the administrator pastes a list of 25
 * patients from the practice system, two of whom have neither a mobile number nor an e-mail address,
 * reviews how many and how much, sends, sees the progress and then the summary: 23 sent, 2 failed
 * with the reason. The outbox holds the 23 patients' messages.
 *
 * It runs its own sandbox (free ports), as link-expiry.spec.ts does, so that the practice's latest
 * send and its outbox are this test's. Screenshots of the panel at 1024 px in both themes go to
 * .cache/shots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { signInToPortal } from './support/portal.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ensureTemplate } from '../support/template-db.js';

const SHOTS = path.resolve('.cache', 'shots');

let server: TestServer;
let admin: string;

test.beforeAll(async () => {
  await ensureTemplate();
  server = await startTestServer();
  admin = await server.tokenFor('admin');
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.close();
});

interface NewPatient {
  key: number;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}

/** A new patient of Bright Smiles; `reachable` ones have a mobile and an e-mail, the others neither. */
async function newPatient(n: number, reachable: boolean): Promise<NewPatient> {
  const lastName = `Bulksend${String.fromCharCode(65 + (n % 26))}${n}`;
  const res = await server.call<NewPatient>('POST', '/api/customer/transition', {
    token: admin,
    body: {
      firstName: 'Rowan',
      lastName,
      email: reachable ? `rowan.${lastName.toLowerCase()}@example.com` : '',
      cell: reachable ? `512555${String(3000 + n)}` : '',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  const panel = page.getByRole('region', { name: 'Bulk payment requests' });
  fs.writeFileSync(
    path.join(SHOTS, `settings-bulk-${name}.png`),
    await panel.screenshot({ animations: 'disabled', caret: 'hide' }),
  );
}

test('the administrator sends 25 patients a payment request and sees the progress, then 23 sent and 2 failed with the reason', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  const patients: NewPatient[] = [];
  for (let n = 1; n <= 25; n++) patients.push(await newPatient(n, n !== 7 && n !== 19));
  const [unreachableA, unreachableB] = [patients[6]!, patients[18]!];
  // $40.00, $41.00, … $64.00: $1,300.00 in all.
  const list = ['PatNum, Amount', ...patients.map((p, i) => `${p.key}, ${40 + i}.00`)].join('\n');

  // The run's polls answer late, so that the send's progress stays on screen long enough to be seen.
  await page.route('**/api/settings/bulkRequests/run?*', async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 600));
    await route.fulfill({ response });
  });

  await page.setViewportSize({ width: 1024, height: 900 });
  await signInToPortal(page, 'admin', `${server.url}/#/companyProfile`);
  const panel = page.getByRole('region', { name: 'Bulk payment requests' });
  await panel.scrollIntoViewIfNeeded();
  await panel.getByRole('radio', { name: 'A list pasted from the practice system' }).check();

  // A bad line is named by its number before anything is asked of the server.
  const listBox = panel.getByRole('textbox', { name: /Patients, one a line/ });
  await listBox.fill(`${list}\n${patients[0]!.key}, twelve`);
  await panel.getByRole('button', { name: 'Review' }).click();
  await expect(panel.getByRole('list', { name: 'Lines that cannot be sent' })).toContainText(
    `Line 27: "twelve" is not an amount in dollars and cents (e.g. 125.00).`,
  );
  await shoot(page, 'bad-line-1024-light');

  await listBox.fill(list);
  await panel.getByRole('button', { name: 'Review' }).click();
  await expect(panel.getByText('25 patients, $1,300.00 in all')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Patients to send to' })).toContainText(
    `Rowan ${patients[0]!.lastName} (#${patients[0]!.key})`,
  );
  await expect(panel.getByText('and 15 more')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Message (optional)' }).fill('Your statement for this month.');
  await shoot(page, 'review-1024-light');

  await panel.getByRole('button', { name: 'Send 25 requests' }).click();
  await expect(
    page.getByText('25 payment requests are on their way; the progress shows below.'),
  ).toBeVisible();
  const progress = panel.getByRole('region', { name: 'Bulk send progress' });
  await expect(progress).toBeVisible();
  await expect(progress.getByText(/^Sending payment requests… \d+ of 25$/)).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  // The form is ready for another send meanwhile.
  await expect(panel.getByRole('button', { name: 'Review' })).toBeVisible();

  const summary = panel.getByRole('region', { name: 'Bulk send summary' });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByRole('status')).toHaveText('25 patients, $1,300.00 asked: 23 sent · 2 failed.');
  const notSent = summary.getByRole('table', { name: 'Not sent' });
  await expect(notSent.getByRole('row')).toHaveCount(3);
  for (const [patient, amount] of [
    [unreachableA, '$46.00'],
    [unreachableB, '$58.00'],
  ] as const) {
    const row = notSent.getByRole('row').filter({ hasText: `#${patient.key})` });
    await expect(row).toContainText(`Rowan ${patient.lastName}`);
    await expect(row).toContainText(amount);
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('No mobile number or e-mail address.');
  }
  await expect(summary).toContainText('Message: Your statement for this month.');
  await shoot(page, 'summary-1024-light');

  // The 23 patients' texts and e-mails are in the outbox, with the message.
  const outbox = await server.call<{ messages: { recipient: string; body: string }[] }>(
    'GET',
    '/sandbox/outbox.json?limit=1000',
    { token: admin },
  );
  const reached = patients.filter((p) => p !== unreachableA && p !== unreachableB);
  for (const p of reached) {
    const theirs = outbox.body.value!.messages.filter(
      (m) => m.recipient === p.email || m.recipient === p.cell,
    );
    expect(theirs, p.lastName).toHaveLength(2);
  }

  // The summary stays after a reload (the practice's latest send), and in the dark theme.
  await page.evaluate(() => localStorage.setItem('chairside.portal.theme', 'dark'));
  await page.reload();
  await expect(panel.getByRole('region', { name: 'Bulk send summary' })).toBeVisible();
  await shoot(page, 'summary-1024-dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'summary-1440-dark');

  expect(errors).toEqual([]);
});
