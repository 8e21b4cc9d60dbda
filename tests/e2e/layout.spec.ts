/**
 * Every list and modal table holds at 1024×768 and at 1440×900, in the light and the dark theme
 * (issue 31, "Layout"): no two header cells overlap, no header's text runs out of its cell ('Acti'),
 * no cell's content covers its neighbour's (a badge over a Patient ID), no column is pushed out of
 * the table's visible box, and the page itself never scrolls sideways. Also: the sidebar stays in
 * place, full height, when a page scrolls.
 *
 * One sign-in; each screen is opened once and measured at both sizes and in both themes by resizing
 * and switching the theme in place (the theme is the person's setting, kept on the device). Where the
 * list is narrow, columns give way as widgets/ui/listColumns says (the surcharge hides, long texts
 * are cut with their tooltip).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { accessToken, signInToPortal } from './support/portal.js';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    localStorage.setItem('chairside.portal.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'chairside.portal.theme', newValue: t }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * What is wrong with the visible tables under `scope` (the page, or a dialog), measured in the page:
 * overlapping or cut headers, cells covering their neighbours (the first rows), columns outside the
 * table's visible box, the page scrolling sideways.
 */
async function layoutProblems(scope: Locator, kind: Kind): Promise<string[]> {
  return scope.evaluate((root, kind) => {
    const problems: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    /** The box of an element's text and inline content (a Range), or null when it has none. */
    const contentBox = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) return null;
      return {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
      };
    };
    /** The part of the screen where the table can be seen: its scrolling frame within the window. */
    const visibleBox = (table: Element) => {
      let left = 0;
      let right = window.innerWidth;
      for (let el = table.parentElement; el; el = el.parentElement) {
        const overflow = getComputedStyle(el).overflowX;
        if (overflow !== 'visible') {
          const box = el.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
      }
      return { left, right };
    };
    const name = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    /** The first items' content stays within its item, which stays within the list's visible box. */
    const itemProblems = (label: string, box: { left: number; right: number }, items: Element[]) => {
      for (const item of items.slice(0, 8)) {
        const outer = item.getBoundingClientRect();
        if (outer.left < box.left - 1 || outer.right > box.right + 1) {
          problems.push(`${label}: "${name(item)}" is out of view`);
        }
        for (const child of [...item.querySelectorAll('*')].filter(shown)) {
          let clip: Element = child;
          for (let el: Element | null = child; el && el !== item; el = el.parentElement) {
            if (getComputedStyle(el).overflowX !== 'visible') clip = el;
          }
          const inner = clip.getBoundingClientRect();
          if (inner.left < outer.left - 1 || inner.right > outer.right + 1) {
            problems.push(`${label}: "${name(child)}" runs out of the item "${name(item)}"`);
            break;
          }
        }
      }
    };
    if (kind === 'list') {
      const lists = [...root.querySelectorAll('[role="list"], [role="listbox"], ul[aria-label]')].filter(
        shown,
      );
      if (lists.length === 0) problems.push('no list is shown');
      for (const list of lists) {
        const label = list.getAttribute('aria-label') ?? 'list';
        const items = [...list.querySelectorAll('[role="listitem"], [role="option"], li')].filter(shown);
        if (items.length === 0) problems.push(`${label}: no items`);
        itemProblems(label, visibleBox(list), items);
      }
    }
    const tables =
      kind === 'table'
        ? [...root.querySelectorAll('table, [role="table"], [role="grid"]')].filter(shown)
        : [];
    if (kind === 'table' && tables.length === 0) problems.push('no table is shown');
    for (const table of tables) {
      const label = table.getAttribute('aria-label') ?? 'table';
      const box = visibleBox(table);
      const headers = [...table.querySelectorAll('th, [role="columnheader"]')].filter(shown);
      if (headers.length === 0) problems.push(`${label}: no header cells`);
      const boxes = headers.map((h) => ({
        name: name(h) || '(no text)',
        cell: h.getBoundingClientRect(),
        text: contentBox(h),
      }));
      boxes.sort((a, b) => a.cell.left - b.cell.left);
      boxes.forEach((h, i) => {
        if (h.cell.left < box.left - 1 || h.cell.right > box.right + 1) {
          problems.push(
            `${label}: "${h.name}" is out of view (${Math.round(h.cell.left)}–${Math.round(h.cell.right)} outside ${Math.round(box.left)}–${Math.round(box.right)})`,
          );
        }
        if (h.text && (h.text.left < h.cell.left - 1 || h.text.right > h.cell.right + 1)) {
          problems.push(`${label}: the header "${h.name}" runs out of its cell`);
        }
        const next = boxes[i + 1];
        if (next && h.cell.right > next.cell.left + 1) {
          problems.push(`${label}: "${h.name}" overlaps "${next.name}"`);
        }
      });
      // A column of right-aligned figures has its header's words on the right too.
      const firstRow = table.querySelector(
        'tbody tr, [role="rowgroup"] [role="row"]:not(:has([role="columnheader"]))',
      );
      if (firstRow) {
        const cells = [...firstRow.querySelectorAll('td, [role="cell"], [role="gridcell"]')].filter(shown);
        const headerCells = [...table.querySelectorAll('th, [role="columnheader"]')].filter(shown);
        if (cells.length === headerCells.length) {
          headerCells.forEach((header, i) => {
            const align = getComputedStyle(cells[i]!).textAlign;
            const text = contentBox(header);
            if ((align === 'right' || align === 'end') && text) {
              const cell = header.getBoundingClientRect();
              if (cell.right - text.right > 20) {
                problems.push(
                  `${label}: the header "${name(header)}" sits left of its right-aligned figures`,
                );
              }
            }
          });
        }
      }
      // The first rows' cells: a cell's content stays within the cell (it would cover the next one).
      const rows = [...table.querySelectorAll('tbody tr, [role="rowgroup"] [role="row"]')]
        .filter(shown)
        .slice(0, 6);
      for (const row of rows) {
        for (const cell of [...row.querySelectorAll('td, [role="cell"], [role="gridcell"]')].filter(shown)) {
          const outer = cell.getBoundingClientRect();
          for (const child of [...cell.querySelectorAll('*')].filter(shown)) {
            // Content cut by a box of its own (an ellipsis) is seen within that box.
            let clip: Element = child;
            for (let el: Element | null = child; el && el !== cell; el = el.parentElement) {
              if (getComputedStyle(el).overflowX !== 'visible') clip = el;
            }
            const inner = clip.getBoundingClientRect();
            if (inner.left < outer.left - 1 || inner.right > outer.right + 1) {
              problems.push(`${label}: "${name(child)}" runs out of its cell in the row "${name(row)}"`);
              break;
            }
          }
        }
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push(
        `the page scrolls sideways (${document.documentElement.scrollWidth} px in ${window.innerWidth})`,
      );
    }
    return [...new Set(problems)];
  }, kind);
}

/**
 * Rows (the header, date groups and procedures) the Procedures modal shows whole at 1024×768: 7
 * before its controls, plans and procedures' second lines were made to take one line each.
 */
const ROWS_AT_1024 = 9;

/** Tables (header cells and the first rows' cells), or lists of items (stored cards, search results). */
type Kind = 'table' | 'list';

/** What was measured (each list and modal tab), to be sure none was skipped. */
const measured: string[] = [];

/** Measures `scope` at both sizes in both themes; returns what is wrong, each with where. */
async function measure(
  page: Page,
  what: string,
  scope: () => Locator,
  kind: Kind = 'table',
): Promise<string[]> {
  measured.push(what);
  const found: string[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // Two frames: the resize's layout and the container queries' styles.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const problem of await layoutProblems(scope(), kind)) {
        found.push(`${what} at ${size.width}×${size.height}, ${theme}: ${problem}`);
      }
    }
  }
  await page.setViewportSize(SIZES[1]);
  await setTheme(page, 'light');
  return found;
}

/**
 * Opens each tab of a record's modal and measures the tables it shows. Each of `required` must be a
 * tab with a table and rows (a tab or table that is missing is a problem, not a skip); the other tabs
 * are measured when they show a table.
 */
async function measureTabs(
  page: Page,
  what: string,
  dialog: Locator,
  required: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  // A tab's name (Fluent's tab holds its label twice: the second, hidden, keeps the bold width).
  const names = await dialog
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => (t.querySelector('.fui-Tab__content') ?? t).textContent!.trim()));
  for (const name of required) {
    if (!names.includes(name)) found.push(`${what}: no "${name}" tab (it has ${names.join(', ')})`);
  }
  for (const name of names) {
    await dialog.getByRole('tab', { name, exact: true }).click();
    const panel = dialog.getByRole('tabpanel');
    const rows = panel.locator('table tbody tr, [role="table"] [role="row"]').first();
    if (required.includes(name)) {
      await expect(rows, `${what}, ${name}: its table's rows`).toBeVisible();
    } else {
      // A tab without a table (a summary, an authorization) is passed over.
      await expect(rows)
        .toBeVisible({ timeout: 3000 })
        .catch(() => undefined);
      if ((await panel.getByRole('table').count()) === 0) continue;
    }
    found.push(...(await measure(page, `${what}, ${name}`, () => dialog)));
  }
  return found;
}

/** Goes to a portal address without reloading the page (the hash router follows). */
async function go(page: Page, hash: string) {
  await page.evaluate((h) => (window.location.hash = h), hash);
}

async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const token = await accessToken(page);
  const res = await page.request.fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { value: T };
  return envelope.value;
}

interface Row {
  referenceId: string;
  customerId: number | null;
  customerKey: number | null;
  firstName: string | null;
  lastName: string | null;
  source: string;
  unallocated?: number | null;
}

test('every list and modal table holds at 1024×768 and 1440×900, in both themes', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const problems: string[] = [];
  await signInToPortal(page, 'admin', '/#/transactions');
  const main = () => page.getByRole('main');

  // The list pages.
  const lists: [string, string][] = [
    ['#/transactions', 'Transactions'],
    ['#/customermembershipbillings', 'Memberships'],
    ['#/paymentplans', 'Payment plans'],
    ['#/notifications', 'Payment requests'],
    ['#/managemembership', 'Membership plans'],
  ];
  for (const [hash, table] of lists) {
    await go(page, hash);
    await expect(main().getByRole('table', { name: table }).locator('tbody tr').first()).toBeVisible();
    problems.push(...(await measure(page, hash, main)));
  }

  // A practice's page in the admin area: its transactions (the company-wide view narrowed to it) in
  // a panel, narrower than the list page's.
  await go(page, '#/admin/company/1');
  await expect(main().getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();
  problems.push(...(await measure(page, '#/admin/company/1', main)));

  // The transactions list with the unassociated payments' filter on (its Action column was cut).
  await go(page, '#/transactions');
  await expect(main().getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();
  // The filter applies once the address says so (a click, then the box is checked).
  const unassociated = main().getByRole('checkbox', { name: 'Terminal and virtual terminal' });
  await unassociated.click();
  await expect(unassociated).toBeChecked();
  await expect(main().getByText(/^\d+ transactions?$/)).not.toHaveText(/1,\d{3}/);
  await expect(main().getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();
  problems.push(...(await measure(page, 'the unassociated transactions', main)));

  // A membership's modal and its tabs' tables.
  await go(page, '#/customermembershipbillings');
  const memberships = main().getByRole('table', { name: 'Memberships' });
  await memberships
    .locator('tbody tr')
    .filter({ hasText: 'Active' })
    .first()
    .getByRole('button')
    .first()
    .click();
  const membership = page.getByRole('dialog', { name: /^Membership for / });
  problems.push(
    ...(await measureTabs(page, 'Membership modal', membership, ['Enrollees', 'Payment History'])),
  );
  await page.keyboard.press('Escape');
  await expect(membership).toBeHidden();

  // A payment plan's modal and its tabs' tables: an active plan that has payments (a history and a
  // schedule), opened by its address.
  const { paymentPlans: active } = await api<{ paymentPlans: { id: number }[] }>(
    page,
    '/api/paymentPlan/list',
    { status: 'ACTIVE', pageSize: 100 },
  );
  let paid: number | undefined;
  for (const { id } of active) {
    const full = await api<{ ledgerDtos: unknown[]; paymentPlanDetails: unknown[] }>(
      page,
      `/api/paymentPlan/?paymentPlanId=${id}`,
    );
    if (full.ledgerDtos.length > 0 && full.paymentPlanDetails.length > 0) {
      paid = id;
      break;
    }
  }
  expect(paid, 'the seed has an active plan with payments').toBeDefined();
  await go(page, `#/paymentplans?paymentPlanId=${paid}`);
  const plan = page.getByRole('dialog', { name: /^Payment Plan/ });
  problems.push(...(await measureTabs(page, 'Payment plan modal', plan, ['Payment History', 'Schedule'])));
  await page.keyboard.press('Escape');
  await expect(plan).toBeHidden();

  // Maria Garcia's payment that still has procedures to allocate (for the Procedures modal).
  const payments = await api<Row[]>(page, '/api/transaction/transactions', {
    status: 'APPROVED',
    modules: ['TERMINAL'],
    page: 1,
    pageSize: 100,
  });
  const maria = payments.find(
    (r) => r.firstName === 'Maria' && r.lastName === 'Garcia' && r.customerId !== null,
  );
  expect(maria, 'the seed has a terminal payment of Maria Garcia').toBeTruthy();
  const own = await api<Row[]>(page, '/api/transaction/transactions', {
    customerKey: maria!.customerKey,
    page: 1,
    pageSize: 100,
  });
  const payment = own.find((r) => r.source === 'TERMINAL' && (r.unallocated ?? 0) > 0);
  // The patient page's sections, as the issue saw them.
  const { memberships: members } = await api<{ memberships: { customerId: number }[] }>(
    page,
    '/api/customerMembershipBilling/list',
    { pageSize: 100 },
  );
  const { paymentPlans } = await api<{ paymentPlans: { customerId: number }[] }>(
    page,
    '/api/paymentPlan/list',
    {
      pageSize: 100,
    },
  );
  // The seed has no patient with both: a membership holder's page, then a plan holder's.
  const sections: [number, RegExp][] = [
    [members[0]!.customerId, /^Memberships of /],
    [paymentPlans[0]!.customerId, /^Payment plans of /],
  ];
  for (const [customerId, section] of sections) {
    await go(page, `#/Customer/${customerId}`);
    await expect(main().getByRole('table', { name: section }).locator('tbody tr').first()).toBeVisible();
    await expect(
      main().getByRole('table', { name: 'Transactions' }).locator('tbody tr').first(),
    ).toBeVisible();
    problems.push(...(await measure(page, `the patient page (${customerId})`, main)));
  }
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const widths = await main()
      .locator('section[aria-label]')
      .evaluateAll((sections) =>
        sections
          .filter((s) => s.parentElement?.closest('section') === null)
          .map((s) => Math.round(s.getBoundingClientRect().width)),
      );
    expect(new Set(widths).size, `the patient page's cards at ${size.width}: ${widths.join(', ')}`).toBe(1);
  }

  // The sidebar stays in place, as tall as the window, when the (long) patient page scrolls.
  await page.setViewportSize(SIZES[1]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const navBox = (await nav.boundingBox())!;
  expect(navBox.y, 'the sidebar stays under the top bar').toBeGreaterThanOrEqual(59);
  expect(navBox.y, 'the sidebar stays under the top bar').toBeLessThanOrEqual(61);
  expect(navBox.y + navBox.height, 'the sidebar reaches the bottom of the window').toBeGreaterThanOrEqual(
    899,
  );
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInViewport();
  // And under a dialog opened there: Fluent's scroll lock once made the sticky top bar and sidebar
  // slide away with the page (the sidebar's background stopped part-way down behind New Membership).
  await main().getByRole('button', { name: 'New Membership' }).click();
  const newMembership = page.getByRole('dialog', { name: /^New Membership/ });
  await expect(newMembership).toBeVisible();
  // (The page under a modal is hidden from assistive technology: the sidebar by its element.)
  const navUnder = (await page.locator('[aria-label="Main navigation"]').boundingBox())!;
  expect(navUnder.y, 'the sidebar under New Membership').toBe(navBox.y);
  expect(navUnder.height, 'the sidebar under New Membership').toBe(navBox.height);
  await expect(page.locator('header').first()).toBeInViewport();
  await newMembership.getByRole('button', { name: 'Cancel' }).click();
  await expect(newMembership).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 0));
  await go(page, `#/Customer/${maria!.customerId}?key=${maria!.customerKey}`);
  await expect(main().getByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeVisible();
  await expect(main().getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();

  // A patient's stored cards (the patient page's Stored Cards dialog): a membership holder with cards.
  let holder: number | undefined;
  for (const { customerId } of members) {
    const saved = await api<unknown[]>(
      page,
      `/api/customerSavedCard/customerSavedCards?customerId=${customerId}`,
    );
    if (saved.length > 0) {
      holder = customerId;
      break;
    }
  }
  expect(holder, 'the seed has a membership holder with stored cards').toBeDefined();
  await go(page, `#/Customer/${holder}`);
  await main().getByRole('button', { name: 'Stored Cards' }).click();
  const cardList = page.getByRole('list', { name: 'Cards on file' });
  const cards = page.getByRole('dialog').filter({ has: cardList });
  await expect(cardList.getByRole('listitem').first()).toBeVisible();
  problems.push(...(await measure(page, 'the stored cards list', () => cards, 'list')));
  await page.keyboard.press('Escape');
  await expect(cards).toBeHidden();

  // The top bar's patient search.
  const search = page.getByRole('combobox', { name: 'Search patients' });
  await search.fill('Smith');
  const results = page.getByTestId('patient-search-popup');
  await expect(results).toHaveAttribute('data-state', 'results.complete');
  await expect(results.getByRole('option').first()).toBeVisible();
  problems.push(...(await measure(page, 'the patient search results', () => results, 'list')));
  await search.fill('');
  await page.keyboard.press('Escape');

  await go(page, `#/Customer/${maria!.customerId}?key=${maria!.customerKey}`);
  await expect(main().getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();
  expect(payment, 'Maria Garcia has a payment to allocate').toBeTruthy();
  const id = payment!.referenceId.split('-')[0]!;
  await main()
    .getByRole('table', { name: 'Transactions' })
    .getByRole('button', { name: `Actions for ${id}` })
    .click();
  await page.getByRole('menuitem', { name: 'Allocate' }).click();
  const procedures = page.getByRole('dialog', { name: 'Procedures' });
  await expect(procedures.getByRole('table', { name: 'Procedures due' })).toBeVisible();
  await procedures.getByRole('radio', { name: 'All Dates' }).check();
  problems.push(...(await measure(page, 'the Procedures modal', () => procedures)));

  // At 1024×768 it shows more than a few rows, and it keeps its place while an amount is typed.
  await page.setViewportSize(SIZES[0]);
  const rows = procedures.getByRole('table', { name: 'Procedures due' }).getByRole('row');
  const inView = async () => {
    let n = 0;
    for (const row of await rows.all())
      if (
        (await row.isVisible()) &&
        (await row.evaluate((r) => {
          const b = r.getBoundingClientRect();
          const d = r
            .closest('[role="dialog"]')!
            .querySelector('.fui-DialogContent')!
            .getBoundingClientRect();
          return b.top >= d.top && b.bottom <= d.bottom;
        }))
      )
        n++;
    return n;
  };
  expect(await inView(), 'procedure rows shown at 1024×768').toBeGreaterThanOrEqual(ROWS_AT_1024);
  // The patient's name has room ('Maria Garcia' whole), and each treatment plan takes two lines.
  const patientHeader = procedures.getByRole('columnheader', { name: 'Patient' });
  expect((await patientHeader.boundingBox())!.width, 'the Patient column').toBeGreaterThanOrEqual(112);
  const plansShown = procedures.getByRole('region', { name: 'Treatment Plans' }).getByRole('listitem');
  expect(await plansShown.count(), 'Maria Garcia has treatment plans').toBeGreaterThan(0);
  for (const item of await plansShown.all()) {
    const lines = await item.evaluate((li) => {
      const text = [...li.querySelectorAll('.fui-Text')];
      return text.reduce(
        (n, el) =>
          n + Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
        0,
      );
    });
    expect(lines, `the plan "${await item.textContent()}" in lines`).toBeLessThanOrEqual(2);
  }
  // With Apply Amount on, the controls take two rows at most.
  await procedures.getByRole('switch', { name: 'Apply Amount' }).click();
  const amount = procedures.getByRole('textbox', { name: 'Amount to Allocate' });
  await expect(amount).toBeVisible();
  const controlRows = await procedures.getByRole('group', { name: 'Procedures' }).evaluate((bar) => {
    const controls = [...bar.querySelectorAll('.fui-Field, .fui-Switch')];
    return new Set(controls.map((c) => Math.round(c.getBoundingClientRect().bottom / 8))).size;
  });
  expect(controlRows, 'rows of controls at 1024×768').toBeLessThanOrEqual(2);
  expect(await inView(), 'procedure rows shown with Apply Amount on').toBeGreaterThanOrEqual(
    ROWS_AT_1024 - 1,
  );

  // Typing an amount moves nothing: neither the dialog nor the next control to click.
  const fifo = procedures.getByRole('radio', { name: 'FIFO' });
  const place = async () => ({ dialog: await procedures.boundingBox(), fifo: await fifo.boundingBox() });
  const before = await place();
  for (const key of '12.5') {
    await amount.press(key);
    expect(await place(), `after typing "${key}"`).toEqual(before);
  }
  await fifo.check();
  await expect(procedures.getByRole('status', { name: 'Allocation Total' })).not.toHaveText(/\$0\.00$/);
  expect((await procedures.boundingBox())!, 'the dialog keeps its place').toEqual(before.dialog);

  // Each of these was measured (none was passed over).
  expect(measured).toEqual(
    expect.arrayContaining([
      'Membership modal, Enrollees',
      'Membership modal, Payment History',
      'Payment plan modal, Payment History',
      'Payment plan modal, Schedule',
      'the unassociated transactions',
      'the stored cards list',
      'the patient search results',
      'the Procedures modal',
    ]),
  );
  console.log(`measured: ${measured.join('; ')}`);
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
