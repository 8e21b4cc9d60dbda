/**
 * Limits on guessing (issue 17, hole 10): wrong passwords per account and per address, and unknown
 * payment-page links per address. The counters live in the database; the blocks run by the sandbox
 * clock, which the tests move forward instead of waiting. Each block of tests guesses from its own
 * loopback address (127.0.0.x), so one does not trip another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_RULES } from '../../server/domain/attemptLimits.js';
import { requestFrom, signInForm } from '../support/fromAddress.js';
import { createRequest, newCustomer } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
  frontdesk = await server.tokenFor('frontdesk');
});
afterAll(() => server?.close());

const INCORRECT = 'The email or password is incorrect.';
const tooMany = (minutes: number) => `Too many attempts. Try again in ${minutes} minutes.`;

async function advanceMinutes(minutes: number) {
  const { status } = await server.call('POST', '/sandbox/clock/advance', { token: admin, body: { minutes } });
  expect(status).toBe(200);
}

describe('sign-in, per account', () => {
  const { failures } = ATTEMPT_RULES.signInAccount;

  it(`blocks an account after ${failures} wrong passwords, even for the right one, until the window ends`, async () => {
    const form = await signInForm(server.url, '127.0.0.2');
    for (let i = 1; i < failures; i++) {
      expect(await form.attempt('viewer@chairside.test', `wrong-${i}`)).toMatchObject({ alert: INCORRECT });
    }
    // The failure that reaches the limit says so, with the minutes until the block ends.
    expect(await form.attempt('VIEWER@chairside.test', 'wrong-last')).toEqual({
      status: 429,
      accepted: false,
      alert: tooMany(15),
    });
    // The right password is refused while the block runs, with the same message.
    expect(await form.attempt('viewer@chairside.test', 'demo')).toMatchObject({
      accepted: false,
      alert: tooMany(15),
    });
    // From another address too: the account is what is blocked.
    const elsewhere = await signInForm(server.url, '127.0.0.3');
    expect(await elsewhere.attempt('viewer@chairside.test', 'demo')).toMatchObject({ alert: tooMany(15) });
    // Other accounts are not affected.
    expect((await elsewhere.attempt('frontdesk@chairside.test', 'demo')).accepted).toBe(true);

    await advanceMinutes(10);
    expect(await form.attempt('viewer@chairside.test', 'demo')).toMatchObject({ alert: tooMany(5) });
    await advanceMinutes(4);
    expect(await form.attempt('viewer@chairside.test', 'demo')).toMatchObject({
      alert: 'Too many attempts. Try again in 1 minute.',
    });
    await advanceMinutes(1);
    expect((await form.attempt('viewer@chairside.test', 'demo')).accepted).toBe(true);
  }, 60_000);

  it('forgets an account’s failures once its owner signs in', async () => {
    const form = await signInForm(server.url, '127.0.0.4');
    for (let i = 1; i < failures; i++) {
      expect((await form.attempt('frontdesk@chairside.test', `wrong-${i}`)).alert).toBe(INCORRECT);
    }
    expect((await form.attempt('frontdesk@chairside.test', 'demo')).accepted).toBe(true);
    const again = await signInForm(server.url, '127.0.0.4');
    for (let i = 1; i < failures; i++) {
      expect((await again.attempt('frontdesk@chairside.test', `wrong-${i}`)).alert).toBe(INCORRECT);
    }
    expect(await again.attempt('frontdesk@chairside.test', 'wrong-last')).toMatchObject({
      alert: tooMany(15),
    });
    await advanceMinutes(15);
  }, 60_000);

  it('takes an e-mail with a NUL in it for a wrong one, not for a server error', async () => {
    const form = await signInForm(server.url, '127.0.0.12');
    expect(await form.attempt('front\u0000desk@chairside.test', 'demo')).toEqual({
      status: 200,
      accepted: false,
      alert: INCORRECT,
    });
  });

  it('answers wrong passwords later and later past the third', async () => {
    const form = await signInForm(server.url, '127.0.0.5');
    const took: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const started = performance.now();
      await form.attempt('nobody@chairside.test', `wrong-${i}`);
      took.push(performance.now() - started);
    }
    // 0, 0, 0, then 250, 500 and 750 ms of delay on top of the password check: 1.5 s more for the
    // last three (the margin is for a busy machine's password checks).
    const sum = (from: number, to: number) => took.slice(from, to).reduce((a, b) => a + b, 0);
    expect(sum(3, 6) - sum(0, 3)).toBeGreaterThan(1_000);
  }, 60_000);
});

describe('sign-in, per address', () => {
  const { failures } = ATTEMPT_RULES.signInAddress;

  it(`blocks an address after ${failures} wrong passwords spread over many accounts`, async () => {
    const form = await signInForm(server.url, '127.0.0.6');
    // Three guesses each at many e-mails: no account reaches its own limit.
    for (let i = 0; i < failures - 1; i++) {
      expect((await form.attempt(`guess${Math.floor(i / 3)}@example.com`, `wrong-${i}`)).alert).toBe(
        INCORRECT,
      );
    }
    expect((await form.attempt('guess-last@example.com', 'wrong')).alert).toBe(tooMany(15));
    // Now even a right password from this address is refused…
    expect(await form.attempt('admin@chairside.test', 'demo')).toMatchObject({
      status: 429,
      alert: tooMany(15),
    });
    // …while the same account signs in from another address.
    const elsewhere = await signInForm(server.url, '127.0.0.7');
    expect((await elsewhere.attempt('admin@chairside.test', 'demo')).accepted).toBe(true);
    await advanceMinutes(15);
    expect((await form.attempt('admin@chairside.test', 'demo')).accepted).toBe(true);
  }, 60_000);

  it('does not count right passwords against the address', async () => {
    for (let i = 0; i < failures + 5; i++) {
      const form = await signInForm(server.url, '127.0.0.8');
      expect((await form.attempt('frontdesk@chairside.test', 'demo')).accepted).toBe(true);
    }
  }, 60_000);
});

describe('public links, per address', () => {
  const { failures } = ATTEMPT_RULES.publicLinkAddress;
  const page = (address: string, token: string) =>
    requestFrom(address, `${server.url}/api/public/paymentRequest?token=${encodeURIComponent(token)}`);

  it(`refuses an address with 429 after ${failures} unknown or malformed tokens; a valid link elsewhere still opens`, async () => {
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await createRequest(server, frontdesk, customer, 2_500);
    // Valid links are no guesses: opening one many times counts nothing.
    for (let i = 0; i < failures + 5; i++) expect((await page('127.0.0.9', linkToken)).status).toBe(200);

    for (let i = 1; i < failures; i++) {
      // Unknown tokens, and now and then a malformed one (too short): both are guesses.
      const guess = i % 5 === 0 ? 'short' : `guessed-token-${String(i).padStart(20, '0')}`;
      expect((await page('127.0.0.10', guess)).status).toBe(i % 5 === 0 ? 400 : 404);
    }
    expect((await page('127.0.0.10', 'guessed-token-the-last-one-000')).status).toBe(404);
    const refused = await page('127.0.0.10', 'guessed-token-one-too-many-000');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect(JSON.parse(refused.text)).toEqual({
      isSuccess: false,
      value: null,
      errors: [tooMany(15)],
      showMessage: true,
    });
    // The guessing address is refused on the card page's API too, even with a valid link.
    expect((await page('127.0.0.10', linkToken)).status).toBe(429);
    const card = await requestFrom(
      '127.0.0.10',
      `${server.url}/api/public/cardRequest?token=${'x'.repeat(24)}`,
    );
    expect(card.status).toBe(429);

    // A patient on another address opens their link as before.
    const patient = await page('127.0.0.11', linkToken);
    expect(patient.status).toBe(200);
    expect(JSON.parse(patient.text).value.firstName).toBe(customer.firstName);

    await advanceMinutes(15);
    expect((await page('127.0.0.10', linkToken)).status).toBe(200);
  }, 60_000);
});
