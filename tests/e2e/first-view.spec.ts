/**
 * The server-rendered first view (issue 3's time budget): on the practice add-on page, the patient
 * search shows its results before its code has loaded, and the widget then takes over without a
 * visible change, keeping what the person typed or clicked meanwhile. The widget's code is held
 * back here, so the first view can be looked at and used before the hand-over.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastSelected, patientSearch } from './support/patientSearch.js';
import { pixelDiff } from './support/pixelDiff.js';
import { openSignedIn } from './support/practiceAddon.js';

/** Holds the widget's own chunk until `release()`; the first view is all there is until then. */
async function holdWidgetCode(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/widgets/patient-search-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The URLs of the first-view requests the page makes from now on. */
function firstViewRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/widget/firstView')) asked.push(request.url());
  });
  return asked;
}

const firstView = (page: Page) => page.locator('chairside-patient-search .chairside-first-view');

test.describe('the patient search’s first view', () => {
  test('shows the results before the code, then the widget takes over and looks the same', async ({
    page,
  }) => {
    // Pictures load only in the widget: without them both views show the initials.
    await page.route('**/api/patient/getAvatar*', (route) => route.abort());
    const release = await holdWidgetCode(page);
    // The loader asks for the element's first view before it defines the element; the element
    // finds that request on its way and does not ask again.
    const asked = firstViewRequests(page);
    await openSignedIn(page);
    const search = patientSearch(page);
    await expect(firstView(page)).toHaveAttribute('aria-busy', 'true');
    expect(asked).toHaveLength(1);
    await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
    await expect(search.option(/Maria Garcia/)).toBeVisible();
    await expect(search.box).toHaveValue('1001');
    await page.mouse.move(0, 0);
    const root = page.locator('chairside-patient-search');
    const before = await root.screenshot({ animations: 'disabled', caret: 'hide' });
    await test.info().attach('first-view.png', { body: before, contentType: 'image/png' });

    release();
    await expect(firstView(page)).toHaveCount(0);
    await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
    await expect(search.option(/Maria Garcia/)).toBeVisible();
    const after = await root.screenshot({ animations: 'disabled', caret: 'hide' });
    await test.info().attach('widget.png', { body: after, contentType: 'image/png' });
    expect(await pixelDiff(page, before, after)).toMatchObject({ sameSize: true, differentPixels: 0 });

    // It is the widget now: the keyboard works.
    await search.box.focus();
    await page.keyboard.press('ArrowDown');
    await expect(search.box).toHaveAttribute('aria-activedescendant', /.+/);
  });

  test('keeps what was typed into it before the code arrived, and searches for it', async ({ page }) => {
    const release = await holdWidgetCode(page);
    await openSignedIn(page);
    const search = patientSearch(page);
    await expect(firstView(page)).toBeVisible();
    await search.box.fill('okafor');
    release();
    await expect(firstView(page)).toHaveCount(0);
    await expect(search.box).toHaveValue('okafor');
    await expect(search.box).toBeFocused();
    await expect(search.popup).toHaveAttribute('data-state', 'results.complete');
    await expect(search.list.getByRole('option')).toHaveCount(2);
    await expect(search.option(/Grace Okafor/)).toBeVisible();
  });

  test('a patient clicked in it is selected once the widget has taken over', async ({ page }) => {
    const release = await holdWidgetCode(page);
    await openSignedIn(page);
    const search = patientSearch(page);
    await expect(firstView(page)).toBeVisible();
    await search.option(/Maria Garcia/).click();
    await expect(page.locator('#last-selected')).not.toContainText('"key"');
    release();
    expect(await lastSelected(page)).toEqual({
      id: expect.any(Number),
      key: 1001,
      firstName: 'Maria',
      lastName: 'Garcia',
    });
  });

  test('is not asked for without a term, and the widget works as before', async ({ page }) => {
    const asked = firstViewRequests(page);
    await openSignedIn(page, '/examples/practice-addon/');
    const search = patientSearch(page);
    await expect(search.box).toBeVisible();
    await expect(search.box).toHaveValue('');
    expect(asked).toEqual([]);
  });
});
