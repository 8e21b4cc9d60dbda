/** The example practice-system add-on: its page asks for the practice system's own sign-in first. */
import { expect, type Page } from '@playwright/test';

export const ADDON = '/examples/practice-addon/?patNum=1001&key=1001';

/** Signs the practice system's demo user in on the add-on page, as a person does. */
export async function signInToHost(page: Page, userName = 'reception', password = 'demo') {
  await expect(page.getByRole('heading', { name: 'Sign in to the practice system' })).toBeVisible();
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens the add-on page, signing in to the practice system unless this browser already is (its
 * session cookie); the add-on then starts.
 */
export async function openSignedIn(page: Page, path = ADDON) {
  await page.goto(path);
  const signIn = page.locator('#sign-in');
  const signedIn = page.locator('#host-user');
  // The page asks its backend first; it then shows either the sign-in or who is signed in.
  await expect(page.locator('#sign-in:visible, #host-user:visible')).toHaveCount(1);
  if (await signIn.isVisible()) await signInToHost(page);
  await expect(signedIn).toHaveText('Signed in as Rita Reception');
}
