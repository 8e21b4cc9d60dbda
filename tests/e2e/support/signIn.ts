/** Signing in as a person does: the widget's Sign in button, the sign-in page, and back. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const back = page.url();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === new URL(back).pathname);
}
