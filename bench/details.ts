/**
 * Issue 33's details figure, in Chromium: opening a reimbursement of 40 patients (the portal's
 * #/insurance, its date → 'Reimbursement Details' painted with its 40 patient rows) against opening
 * Transaction Details from the transactions list (its date → the dialog painted with the
 * transaction), measured in the same sitting and printed side by side with their ratio. Budget: the
 * reimbursement opens within what the transaction details take.
 *
 * The sandbox is the tests' (startTestServer: a copy of the seeded database, in this process); the
 * reimbursement is written straight into its database, as bench/insurance.ts writes its rows: a
 * check of today at Bright Smiles (the Open Dental practice) for 40 of its customers' patients, each
 * with a details row, two or three procedures in its json and the RECEIVED claim it paid. Each open
 * is cold: the page is loaded again first, so neither the details' code nor their data is in memory
 * (the browser's HTTP cache keeps the built chunks, as it does for staff between visits). The runs
 * alternate between the two, so a change in the machine's load falls on both.
 * `npm run bench details [-- --runs=N]` (default 9).
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { Db } from '../server/db/client.js';
import { startTestServer } from '../tests/support/server.js';
import { ensureTemplate } from '../tests/support/template-db.js';
import { browserLine, launchChromium } from './lib/browser.js';
import { ensureFrontEnd } from './lib/frontEnd.js';
import { median, table } from './lib/stats.js';

const PATIENTS = 40;
const USER = 'admin@chairside.test';
/** Within this of the transaction details, a noisy machine's difference (said as such). */
const NOISE = 1.2;

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 9;

/**
 * One reimbursement of 40 patients at the Open Dental practice, written by the database: returns its
 * id. Dated today with the highest id, it is the list's first row.
 */
async function addReimbursement(db: Db): Promise<number> {
  // PGlite's and node-postgres's answers both carry `rows`.
  const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
  const result = await db.transaction(async (tx) => {
    const [company] = await rowsOf<{ id: number }>(
      tx.execute(sql`select id from companies where gateway_code = 'OPENDENTAL' order by id limit 1`),
    );
    const companyId = company?.id;
    if (companyId === undefined) throw new Error('The seed has no Open Dental practice.');
    const [made] = await rowsOf<{ id: number }>(
      tx.execute(sql`
      with chosen as (
             select p.id as patient_id, row_number() over (order by p.id) as n
             from patients p
             join customers c on c.company_id = p.company_id and c.patient_key = p.pat_num
             where p.company_id = ${companyId}
             order by p.id limit ${PATIENTS}),
           procs as (
             select ch.patient_id, ch.n, k,
                    (array['D0120', 'D1110', 'D0274', 'D2391', 'D2740'])[1 + (ch.n + k) % 5] as code,
                    (array['Periodic oral evaluation', 'Prophylaxis - adult',
                      'Bitewings - four radiographic images', 'Resin composite, one surface, posterior',
                      'Crown - porcelain/ceramic'])[1 + (ch.n + k) % 5] as descript,
                    (array[6000, 9500, 7200, 18000, 120000])[1 + (ch.n + k) % 5] as fee,
                    (current_date - (14 + (ch.n * 7 + k) % 30)::int) as proc_date
             from chosen ch cross join lateral generate_series(1, 2 + ch.n % 2) as k),
           priced as (
             select *, round(fee * 0.2)::int as write_off, round(fee * 0.8 * 0.8)::int as pay from procs),
           per_patient as (
             select patient_id, n, count(*)::int as proc_count, sum(pay)::int as reimbursed,
                    sum(write_off)::int as written_off, min(proc_date) as first_date,
                    jsonb_agg(jsonb_build_object('procDate', proc_date, 'procCode', code, 'descript', descript,
                      'amountToPay', pay, 'amountToWriteOff', write_off, 'amountToCollect', 0) order by k) as json
             from priced group by patient_id, n),
           payment as (
             insert into insurance_payments (company_id, date, funding_source, reference_id, carrier_name,
               plan_name, json, reimbursed, written_off, patient_count)
             select ${companyId}, current_date, 'CHECK', '40040', 'Delta Dental', 'Delta Dental PPO',
                    jsonb_build_object('carrierName', 'Delta Dental', 'planName', 'Delta Dental PPO'),
                    sum(reimbursed), sum(written_off), count(*)
             from per_patient
             returning id),
           details as (
             insert into insurance_payment_details (insurance_payment_id, patient_id, proc_code_count,
               reimbursed, written_off, procedure_json)
             select payment.id, pp.patient_id, pp.proc_count, pp.reimbursed, pp.written_off, pp.json
             from per_patient pp cross join payment
             returning id),
           claimed as (
             insert into claims (company_id, patient_id, claim_number, carrier_name, plan_name, date_service,
               status, insurance_payment_id, received_at)
             select ${companyId}, pp.patient_id, 'BENCH-40-' || lpad(pp.n::text, 2, '0'), 'Delta Dental',
                    'Delta Dental PPO', pp.first_date, 'RECEIVED', payment.id, now()
             from per_patient pp cross join payment
             returning id, patient_id)
      insert into claim_procedures (company_id, claim_id, proc_date, proc_code, descript, fee,
        insurance_estimate, write_off_estimate, insurance_paid, written_off, status)
      select ${companyId}, claimed.id, pr.proc_date, pr.code, pr.descript, pr.fee, pr.pay, pr.write_off,
             pr.pay, pr.write_off, 'RECEIVED'
      from priced pr join claimed on claimed.patient_id = pr.patient_id
      returning (select id from payment) as id`),
    );
    const id = made?.id;
    const [details] = await rowsOf<{ n: number }>(
      tx.execute(
        sql`select count(*)::int as n from insurance_payment_details where insurance_payment_id = ${id ?? 0}`,
      ),
    );
    if (id === undefined || details?.n !== PATIENTS)
      throw new Error(`The reimbursement was written with ${details?.n ?? 0} patients, not ${PATIENTS}.`);
    return id;
  });
  return result;
}

interface Painted {
  /** From the person's click (the click event's time stamp, in the page) to the frame painted. */
  fromClick: number;
  /** From Playwright's click() call (adds its scroll, stability and hit-test checks). */
  fromCall: number;
  /**
   * From the click to the last response the page fetched for it (the details' chunks, their data)
   * ended: what the opening waited on the network and the server, the rest being the browser's work.
   */
  fetched: number;
  /** Those requests, with when each ended (ms from the click). */
  requests: string[];
}

/**
 * Until the frame after `ready` (a JS expression on `dialog`, the named dialog) holds, polled each
 * animation frame in the page, as bench/allocation.ts does. Written as text: the bench runs through
 * tsx, whose helpers would be missing from a function handed to the page.
 */
function untilPainted(page: Page, dialogName: string, ready: string): Promise<Painted> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    let clicked = null;
    document.addEventListener('click', (e) => { clicked ??= e.timeStamp; }, { capture: true, once: true });
    const check = () => {
      const dialog = document.querySelector('[role=dialog][aria-label=' + ${JSON.stringify(JSON.stringify(dialogName))} + ']');
      if (clicked !== null && dialog && (${ready}))
        requestAnimationFrame(() =>
          setTimeout(() => {
            const now = performance.now();
            // From Playwright's call on: its hover may fetch ahead (the list prefetches on pointing).
            const fetched = performance.getEntriesByType('resource').filter((e) => e.startTime >= t0 && e.responseEnd <= now);
            resolve({
              fromClick: now - clicked,
              fromCall: now - t0,
              fetched: Math.max(0, ...fetched.map((e) => e.responseEnd - clicked)),
              requests: fetched.map((e) => new URL(e.name).pathname.split('/').pop() + ' ' + (e.startTime - clicked).toFixed(0) + '–' + (e.responseEnd - clicked).toFixed(0)),
            });
          }),
        );
      else if (performance.now() - t0 > 30000) reject(new Error(${JSON.stringify(`${dialogName}: not painted in 30 s`)}));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** The Patients table's last (40th) row is in the document and laid out. */
const PATIENT_ROWS_PAINTED = `(() => {
  const rows = dialog.querySelectorAll('table[aria-label=Patients] tbody tr');
  return rows.length === ${PATIENTS} && rows[rows.length - 1].getClientRects().length > 0;
})()`;

/** The transaction's body (its id among its lines), not the modal's spinner. */
const transactionPainted = (id: string) => `dialog.textContent.includes(${JSON.stringify(id)})`;

export async function benchDetails() {
  console.log(
    `\n## Details: a reimbursement of ${PATIENTS} patients against Transaction Details (portal, Chromium, ${RUNS} cold opens each)\n`,
  );
  ensureFrontEnd();
  await ensureTemplate();
  const server = await startTestServer();
  const browser = await launchChromium();
  try {
    const reimbursementId = await addReimbursement(server.ctx.db);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/#/insurance`);
    await page.getByLabel('Email').fill(USER);
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('code'));

    const openReimbursement = async () => {
      await page.goto(`${server.url}/#/insurance`);
      await page.reload();
      const row = page.locator(`tr[data-reimbursement="${reimbursementId}"]`);
      await row.waitFor();
      const painted = untilPainted(page, 'Reimbursement Details', PATIENT_ROWS_PAINTED);
      await row.getByRole('button').first().click();
      return painted;
    };
    const openTransaction = async () => {
      await page.goto(`${server.url}/#/transactions`);
      await page.reload();
      const row = page.getByRole('table', { name: 'Transactions' }).locator('tbody tr').first();
      await row.waitFor();
      // The id the details show: the reference's part before '#' and '-', as the e2e test reads it.
      const reference = (await row.getAttribute('data-reference'))!;
      const id = reference.split('#')[0]!.split('-')[0]!;
      const painted = untilPainted(page, 'Transaction Details', transactionPainted(id));
      await row.locator('td').nth(1).getByRole('button').click();
      return painted;
    };

    // One open of each first, not counted: the browser's HTTP cache then holds both details' chunks.
    await openReimbursement();
    await openTransaction();
    const reimbursement: Painted[] = [];
    const transaction: Painted[] = [];
    for (let run = 0; run < RUNS; run++) {
      reimbursement.push(await openReimbursement());
      transaction.push(await openTransaction());
    }

    const rows: string[][] = [];
    type Figure = 'fromClick' | 'fromCall' | 'fetched';
    const runs = (xs: Painted[], key: Figure) => xs.map((r) => r[key].toFixed(0)).join(' ');
    const m = (xs: Painted[], key: Figure) => median(xs.map((r) => r[key]));
    for (const key of ['fromClick', 'fromCall', 'fetched'] as const) {
      const how = {
        fromClick: 'from the click',
        fromCall: 'from Playwright’s click()',
        fetched: 'its last response, from the click',
      }[key];
      rows.push([
        `Reimbursement Details (${PATIENTS} patients), ${how}`,
        `${m(reimbursement, key).toFixed(0)} ms`,
        runs(reimbursement, key),
      ]);
      rows.push([
        `Transaction Details, ${how}`,
        `${m(transaction, key).toFixed(0)} ms`,
        runs(transaction, key),
      ]);
    }
    console.log(browserLine(browser));
    console.log(table(['open → painted', 'median', `runs (${RUNS})`], rows, 'lrr'));
    const ratio = m(reimbursement, 'fromClick') / m(transaction, 'fromClick');
    const verdict =
      ratio <= 1
        ? 'PASS: the reimbursement opens within the transaction details’ time'
        : ratio <= NOISE
          ? `PASS within ${NOISE}× (a noisy machine's margin): the reimbursement is ${((ratio - 1) * 100).toFixed(0)}% slower`
          : `OVER: the reimbursement takes ${ratio.toFixed(2)}× the transaction details’ time`;
    console.log(
      `\nratio (reimbursement / transaction, medians from the click): ${ratio.toFixed(2)}× — ${verdict}`,
    );
    const last = (xs: Painted[]) => xs[xs.length - 1]!.requests.join(', ') || 'none';
    console.log(
      `Requests of the last runs (started–ended, ms from the click): reimbursement: ${last(reimbursement)}; transaction: ${last(transaction)}`,
    );
    if (errors.length) console.log(`\nconsole errors:\n${errors.join('\n')}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
