/**
 * <chairside-patient-search> end to end, in Chromium against the real server and seeded database,
 * on both host pages: the intranet page (one script tag, OIDC sign-in, a hostile stylesheet) and
 * the practice-system add-on (host-supplied tokens, the patient number from its URL).
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { focusedElement, isFocused, lastSelected, patientSearch } from './support/patientSearch.js';
import { pixelDiff } from './support/pixelDiff.js';
import { baseURL } from '../../playwright.config.js';
import { ADDON, openSignedIn } from './support/practiceAddon.js';
import { acceptTermsAs, signIn } from './support/signIn.js';

const INTRANET = '/examples/intranet/';

async function openIntranet(page: Page, email = 'frontdesk@chairside.test') {
  await page.goto(INTRANET);
  await signIn(page, email);
  await expect(patientSearch(page).box).toBeVisible();
}

async function openAddon(page: Page) {
  await openSignedIn(page, ADDON);
  await expect(patientSearch(page).box).toBeVisible();
  // The server's first view shows first (first-view.spec.ts); these tests are about the widget.
  await expect(page.locator('chairside-patient-search .chairside-first-view')).toHaveCount(0);
}

/** Every kind of term the spec names, in Bright Smiles Dental (practice 1, three clinics). */
async function searchesEveryKindOfTerm(page: Page) {
  const search = patientSearch(page);

  // A name: the two Okafors, each under their clinic's heading.
  await search.search('okafor');
  await expect(search.list.getByRole('option')).toHaveCount(2);
  await expect(search.group('Northside Clinic').getByRole('option')).toHaveText([/Chidi Okafor/]);
  await expect(search.group('Lakeview Clinic').getByRole('option')).toHaveText([/Grace Okafor/]);

  // Two words: first and last name. Headquarters keeps its heading in a practice of three clinics.
  await search.search('maria garcia');
  await expect(
    search.group('Headquarters').getByRole('option', { name: 'Maria Garcia' }).filter({ hasText: '#1001' }),
  ).toBeVisible();

  // An e-mail that has nothing to do with the name.
  await search.search('sunnyside.runner@example.net');
  await expect(search.list.getByRole('option')).toHaveText([/Priya Natarajan#1005/]);

  // A patient number.
  await search.search('1005');
  await expect(search.option('Priya Natarajan')).toContainText('#1005');

  // A phone number, dashed (the demo data's phone numbers repeat: Priya is one of several).
  await search.search('512-555-0177');
  await expect(search.option('Priya Natarajan')).toContainText('#1005');
  for (const text of await search.list.getByRole('option').allTextContents())
    expect(text).toContain('(512) 555-0177');

  // Nothing matches.
  await search.search('qqqxyz');
  await expect(search.popup).toContainText('No patients found.');
}

/** Adds a patient new to Open Dental from a two-word term; returns the patient-selected detail. */
async function addsAPatient(page: Page, first: string, last: string) {
  const search = patientSearch(page);
  await search.search(`${first} ${last}`);
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const dialog = search.dialog('Add Patient');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('A new patient will be created in Open Dental.');
  // Prefilled from the search term.
  await expect(dialog.getByLabel('First name')).toHaveValue(first);
  await expect(dialog.getByLabel('Last name')).toHaveValue(last);
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await dialog.getByLabel('Clinic').selectOption({ label: 'Northside Clinic' });
  await dialog.getByLabel('Email').fill(`${first.toLowerCase()}@example.com`);
  await dialog.getByLabel('Mobile phone').fill('512.555.0101');
  await dialog.getByRole('button', { name: 'Add Patient' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Patient added' })).toContainText('Saved');

  const selected = await lastSelected(page);
  expect(selected).toMatchObject({ firstName: first, lastName: last });
  expect(selected.id).toEqual(expect.any(Number));
  expect(selected.key).toBeGreaterThan(1000);

  // The new patient is found in the clinic chosen, with the details given.
  await search.search(last);
  await expect(
    search.group('Northside Clinic').getByRole('option', { name: new RegExp(`${first} ${last}`) }),
  ).toContainText(`${first.toLowerCase()}@example.com · (512) 555-0101`);
  return selected;
}

/** Edits Grace Okafor's mobile phone from her row's edit action. */
async function editsAPatient(page: Page, phone: string, shown: string) {
  const search = patientSearch(page);
  await search.search('grace okafor');
  const row = search.option('Grace Okafor');
  await row.hover();
  await row.getByTitle('Edit patient (F2)').click();
  const dialog = search.dialog('Edit Patient');
  await expect(dialog).toContainText('Changes will update the patient profile in Open Dental.');
  await expect(dialog.getByLabel('Clinic')).toHaveCount(0);
  await expect(dialog.getByLabel('First name')).toHaveValue('Grace');
  await dialog.getByLabel('Mobile phone').fill(phone);
  await dialog.getByRole('button', { name: 'Update Patient Profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Patient updated' })).toContainText('Saved');
  await expect(search.option('Grace Okafor')).toContainText(shown);
}

test.describe('on the intranet page', () => {
  test('searches by name, two words, e-mail, patient number and phone', async ({ page }) => {
    await openIntranet(page);
    await searchesEveryKindOfTerm(page);
  });

  test('adds a patient, prefilled from the term, and the host page hears patient-selected', async ({
    page,
  }) => {
    await openIntranet(page);
    await addsAPatient(page, 'Zelda', 'Quimby');
  });

  test('edits a patient', async ({ page }) => {
    await openIntranet(page);
    await editsAPatient(page, '(737) 555-0200', '(737) 555-0200');
  });

  test('brings in a patient from the completed appointments through New Patient', async ({ page }) => {
    await openIntranet(page);
    const search = patientSearch(page);
    await search.box.click();
    await expect(search.list).toHaveAccessibleName('Completed Appointments');
    const noah = search.option('Noah Whitfield');
    await expect(noah).toContainText('Not in Chairside yet');
    await noah.click();
    const dialog = search.dialog('New Patient');
    await expect(dialog).toContainText('Changes will update the patient profile in Open Dental.');
    await expect(dialog.getByLabel('First name')).toHaveValue('Noah');
    await expect(dialog.getByLabel('Mobile phone')).toHaveValue('(737) 555-0119');
    await dialog.getByRole('button', { name: 'Add Patient' }).click();
    await expect(dialog).toBeHidden();
    expect(await lastSelected(page)).toMatchObject({ key: 1008, firstName: 'Noah', id: expect.any(Number) });
  });

  test('works from the keyboard alone', async ({ page }) => {
    await openIntranet(page);
    const search = patientSearch(page);
    // Tab from the top of the page into the search box.
    await page.locator('h1').click();
    for (let i = 0; i < 30 && !(await isFocused(search.box)); i++) await page.keyboard.press('Tab');
    expect(await isFocused(search.box)).toBe(true);

    await page.keyboard.type('okafor');
    await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const grace = search.option(/Grace Okafor/);
    await expect(grace).toHaveAttribute('aria-selected', 'true');
    await expect(search.box).toHaveAttribute('aria-activedescendant', (await grace.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    expect(await lastSelected(page)).toEqual({
      id: expect.any(Number),
      key: 1007,
      firstName: 'Grace',
      lastName: 'Okafor',
    });
    await expect(search.box).toHaveValue('');
    await expect(search.box).toHaveAttribute('aria-expanded', 'false');

    // Add Patient is the next stop after the search box; its dialog keeps the focus inside.
    await page.keyboard.type('nobody here');
    await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
    await page.keyboard.press('Tab');
    const add = page.getByRole('button', { name: 'Add Patient' });
    expect(await isFocused(add)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = search.dialog('Add Patient');
    await expect(dialog).toBeVisible();
    await expect.poll(async () => (await focusedElement(page)).inDialog).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect((await focusedElement(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await focusedElement(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => isFocused(add)).toBe(true);
    // The dialog hid the rest of the widget from screen readers while open, and no longer does.
    await expect(page.getByRole('combobox', { name: 'Search patients' })).toHaveCount(1);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(search.box)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(search.box).toHaveAttribute('aria-expanded', 'false');
  });

  test('looks the same with and without the page’s hostile stylesheet', async ({ page }) => {
    await openIntranet(page);
    const shoot = async (url: string) => {
      await page.goto(url);
      const search = patientSearch(page);
      await expect(search.box).toBeVisible();
      const closed = await search.root.screenshot({ animations: 'disabled', caret: 'hide' });
      // Sofia Garcia (1002) has a picture in the practice system; both shots wait for every picture.
      await search.search('sofia garcia');
      await expect(search.option('Sofia Garcia').locator('img')).toHaveCount(1);
      await expect
        .poll(() =>
          search.list
            .locator('img')
            .evaluateAll((imgs) =>
              imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toBe(true);
      await page.mouse.move(0, 0);
      const open = await search.popup.screenshot({ animations: 'disabled', caret: 'hide' });
      return { closed, open };
    };
    const hostile = await shoot(INTRANET);
    const plain = await shoot(`${INTRANET}?plain=1`);
    // Kept beside the test's results, for people to look at.
    for (const [name, shot] of Object.entries({ hostile, plain })) {
      await test.info().attach(`widget-${name}.png`, { body: shot.open, contentType: 'image/png' });
      fs.writeFileSync(test.info().outputPath(`widget-${name}-open.png`), shot.open);
      fs.writeFileSync(test.info().outputPath(`widget-${name}-closed.png`), shot.closed);
    }
    for (const part of ['closed', 'open'] as const) {
      const diff = await pixelDiff(page, hostile[part], plain[part]);
      expect(diff, `the ${part} widget`).toMatchObject({ sameSize: true, differentPixels: 0 });
    }
  });
});

test.describe('on the practice add-on page', () => {
  test('shows the patient from its URL at once, and selecting sends patient-selected', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() === 'GET')
        apiCalls.push(url.pathname + url.search);
    });
    await openAddon(page);
    const search = patientSearch(page);
    await expect(search.box).toHaveValue('1001');
    await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
    // The loader asked for the practice and the results while the widget's code loaded, and the
    // widget used those answers: each call went out once.
    expect(apiCalls.filter((c) => c === '/api/patient/searchPatient?name=1001')).toHaveLength(1);
    expect(apiCalls.filter((c) => c === '/api/company/current')).toHaveLength(1);
    expect(apiCalls.filter((c) => c === '/api/configuration')).toHaveLength(1);
    const maria = search.option('Maria Garcia').filter({ hasText: '#1001' });
    await expect(maria).toBeVisible();
    await maria.click();
    expect(await lastSelected(page)).toEqual({
      id: expect.any(Number),
      key: 1001,
      firstName: 'Maria',
      lastName: 'Garcia',
    });
  });

  test('searches by every kind of term', async ({ page }) => {
    await openAddon(page);
    await searchesEveryKindOfTerm(page);
  });

  test('keeps its own styles on a host page that uses Fluent UI itself', async ({ page }) => {
    const shoot = async () => {
      await openAddon(page);
      const search = patientSearch(page);
      await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
      await page.mouse.move(0, 0);
      return search.root.screenshot({ animations: 'disabled', caret: 'hide' });
    };
    const plain = await shoot();
    // A Fluent UI v9 page has Griffel's <style data-make-styles-bucket> elements in its head, holding
    // the same rules (same class names) as the widget's. The widget must neither take them for its
    // own nor write its rules into them: they do not reach inside its shadow root.
    const fluentRules = await page.locator('chairside-patient-search').evaluate((el) =>
      el
        .shadowRoot!.adoptedStyleSheets.flatMap((sheet) => Array.from(sheet.cssRules))
        .filter((rule) => rule instanceof CSSStyleRule && /^\.f[a-z0-9]+$/.test(rule.selectorText))
        .map((rule) => rule.cssText),
    );
    expect(fluentRules.length, 'atomic Fluent rules in the widget').toBeGreaterThan(50);
    await page.addInitScript((rules) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.dataset.makeStylesBucket = 'd';
        style.textContent = rules.join('\n');
        document.head.append(style);
      });
    }, fluentRules);
    const onFluentPage = await shoot();
    const hostRules = await page.evaluate(
      () =>
        (document.querySelector('style[data-make-styles-bucket]') as HTMLStyleElement).sheet!.cssRules.length,
    );
    expect(hostRules, "the host page's Fluent stylesheet is left as it was").toBe(fluentRules.length);
    const diff = await pixelDiff(page, onFluentPage, plain);
    expect(diff).toMatchObject({ sameSize: true, differentPixels: 0 });
  });

  test('adds and edits patients', async ({ page }) => {
    await openAddon(page);
    await addsAPatient(page, 'Yusuf', 'Quarrington');
    await editsAPatient(page, '737-555-0299', '(737) 555-0299');
  });
});

test.describe('clinic headings in other practices', () => {
  // The viewer works at both other practices; these tests are about headings, not the terms.
  test.beforeEach(() => acceptTermsAs(baseURL, 'viewer@chairside.test'));

  test('Cedar Family Dentistry (Dentrix, one clinic: Headquarters) shows no heading and no Add Patient', async ({
    page,
  }) => {
    await openIntranet(page, 'viewer@chairside.test');
    const search = patientSearch(page);
    await search.search('castellanos');
    await expect(search.list.getByRole('option')).toHaveText([/Evelyn Castellanos/, /Lucas Castellanos/]);
    await expect(search.list.getByRole('group')).toHaveCount(0);
    await expect(search.popup).not.toContainText('Headquarters');
    await expect(page.getByRole('button', { name: 'Add Patient' })).toHaveCount(0);
    // Dentrix shows the completed appointments too.
    await search.box.fill('');
    await expect(search.list).toHaveAccessibleName('Completed Appointments');
    await expect(search.option(/Evelyn Castellanos/)).toContainText('$185.00');
  });

  test('Harbor View Dental (Eaglesoft, one clinic that is not Headquarters) shows its heading', async ({
    page,
  }) => {
    await openIntranet(page, 'viewer@chairside.test');
    // The viewer switches practice as the portal's practice list would, then the page reloads.
    const switched = await page.evaluate(async () => {
      const sdk = (await (
        window as unknown as { Chairside: { sdk(): Promise<unknown> } }
      ).Chairside.sdk()) as {
        api: { call(e: object, o: object): Promise<{ isSuccess: boolean }> };
      };
      const login = { method: 'POST', path: '/api/auth/login-company' };
      return (await sdk.api.call(login, { body: { companyId: 3 } })).isSuccess;
    });
    expect(switched).toBe(true);
    await page.reload();
    const search = patientSearch(page);
    try {
      await search.search('lindgren');
      await expect(search.group('Harbor View Dental').getByRole('option')).toHaveText([/Walter Lindgren/]);
      // Eaglesoft: no completed appointments list, so an empty box opens nothing.
      await search.box.fill('');
      await search.box.click();
      await expect(search.box).toHaveAttribute('aria-expanded', 'false');
    } finally {
      await page.evaluate(async () => {
        const sdk = (await (
          window as unknown as { Chairside: { sdk(): Promise<unknown> } }
        ).Chairside.sdk()) as {
          api: { call(e: object, o: object): Promise<unknown> };
        };
        await sdk.api.call({ method: 'POST', path: '/api/auth/login-company' }, { body: { companyId: 2 } });
      });
    }
  });
});
