/**
 * The portal, as a test reaches it: signed in as one of the demo people, or sent to the identity
 * provider's sign-in page by a page that needs a signed-in person.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { baseURL } from './sandboxes.js';
import { DEMO_PASSWORD } from './signIn.js';

export const USERS = {
  admin: 'admin@chairside.test',
  frontdesk: 'frontdesk@chairside.test',
  viewer: 'viewer@chairside.test',
} as const;

export type DemoUser = keyof typeof USERS;

/** Fills the identity provider's sign-in page (the portal has sent the browser there). */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens `path`, signs in as `user` on the identity provider's page, and waits to be back in the portal. */
async function signInThroughPage(page: Page, path: string, user: DemoUser) {
  await page.goto(path);
  await fillSignIn(page, USERS[user]);
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('code'));
}

/**
 * Each person's signed-in browser storage (the portal's tokens in localStorage, the identity
 * provider's cookies), per sandbox, made once by signing in on the identity pages and reused by the
 * tests of this worker. Access tokens live 10 minutes and the portal renews one a minute before it
 * ends, rotating the refresh token, which a second browser holding the same one would then find
 * spent: a state is used for 4 minutes, well before any renewal, and then made again.
 */
const signedInStates = new Map<string, { state: StorageState; at: number }>();
const STATE_REUSED_FOR_MS = 4 * 60_000;

async function signedInState(browser: Browser, origin: string, user: DemoUser): Promise<StorageState> {
  const key = `${origin} ${user}`;
  const kept = signedInStates.get(key);
  if (kept && Date.now() - kept.at < STATE_REUSED_FOR_MS) return kept.state;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const at = Date.now();
    await signInThroughPage(page, `${origin}/#/dashboard`, user);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const state = await context.storageState();
    signedInStates.set(key, { state, at });
    return state;
  } finally {
    await context.close();
  }
}

/**
 * Opens `path` (a portal address such as '/#/paymentplans'; absolute on another server) signed in as
 * `user`, and waits for the portal's page. The person's browser storage from an earlier sign-in on
 * that server is reused (signedInState); `{ throughSignInPage: true }` signs in on the identity
 * provider's page instead, for a test whose session must be its own (one that signs out). With
 * `acceptTerms` a terms gate on the way is passed.
 */
export async function signInToPortal(
  page: Page,
  user: DemoUser,
  path = '/#/dashboard',
  {
    acceptTerms = true,
    throughSignInPage = false,
  }: { acceptTerms?: boolean; throughSignInPage?: boolean } = {},
) {
  if (throughSignInPage) {
    await signInThroughPage(page, path, user);
  } else {
    const origin = new URL(path, baseURL).origin;
    await page.context().setStorageState(await signedInState(page.context().browser()!, origin, user));
    await page.goto(path);
  }
  // A modal the address opens (?paymentPlanId=…) hides the page from the accessibility tree.
  await expect(page.getByRole('main', { includeHidden: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, includeHidden: true })).toBeVisible();
  if (acceptTerms && page.url().includes('#/terms-of-service')) {
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL((url) => !url.hash.startsWith('#/terms-of-service'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

/** The inline sidebar (1200 px and wider). */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The sidebar's links (assert with toHaveText([...]): it waits for the sidebar to settle). */
export function sidebarLinks(page: Page): Locator {
  return sidebar(page).getByRole('link');
}

/** Opens the user menu and returns it. */
export async function openUserMenu(page: Page, name: string | RegExp): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The menu's entries (menu items and practice choices), in order. */
export function menuEntries(menu: Locator): Locator {
  return menu.locator('[role="menuitem"], [role="menuitemradio"]');
}

/** The hash part of the page's address ('#/dashboard'). */
export function hashOf(page: Page): string {
  return new URL(page.url()).hash;
}

/** The signed-in person's access token, as the portal keeps it (localStorage): to call the API as them. */
export function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('chairside.oidc.user.')) {
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      }
    }
    throw new Error('Nobody is signed in on this page.');
  });
}
