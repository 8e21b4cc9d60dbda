/** Signing in as a person does: the widget's Sign in button, the sign-in page, and back. */
import { expect, type Page } from '@playwright/test';
import { signIn as tokensFor } from '../../support/oidc.js';

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

/**
 * Records, through the API, that a demo user accepted the terms of service (the seeded viewer has
 * not, and the API serves them nothing else until they do). For tests about something else; the
 * terms flow itself is played in the browser on a server of its own (portal-session.spec.ts).
 */
export async function acceptTermsAs(baseUrl: string, email: string) {
  const { access_token } = await tokensFor(baseUrl, email);
  const res = await fetch(`${baseUrl}/api/auth/acceptTermsOfService`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status, `${email} accepts the terms`).toBe(200);
}
