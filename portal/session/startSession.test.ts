/**
 * The session's start against a stand-in SDK: the sign-in redirect, the login call, what is kept,
 * and section 8's failures (provider, backend login, practice mismatch).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../embed-sdk/api/errors.js';
import { createPortalSdk, LOGINS, ok, profileOf, refused, SESSIONS } from '../testing/portalFixtures.js';
import { sessionFromLogin } from './session.js';
import { readSession, writeSession } from './sessionStorage.js';
import { practiceMismatch, startSession } from './startSession.js';

afterEach(() => localStorage.clear());

const log = () => ({ error: vi.fn(), warn: vi.fn() });

describe('startSession', () => {
  it('signs out (drops the local session) and starts the sign-in redirect when nobody is signed in', async () => {
    writeSession(SESSIONS.frontdesk);
    const fake = createPortalSdk({}, { signedIn: false });
    expect(await startSession(fake.sdk)).toEqual({ status: 'redirecting' });
    expect(fake.auth.signIn).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('says the identity provider is unavailable when the redirect cannot start', async () => {
    const fake = createPortalSdk(
      {},
      {
        signedIn: false,
        signIn: () =>
          Promise.reject(new Error('Chairside could not load the identity provider after 100 tries.')),
      },
    );
    expect(await startSession(fake.sdk)).toEqual({
      status: 'provider-unavailable',
      message: 'Chairside could not load the identity provider after 100 tries.',
    });
  });

  it('calls POST /api/auth/login without the loading overlay and keeps the session', async () => {
    const fake = createPortalSdk({ '/api/auth/login': () => ok(LOGINS.frontdesk) });
    const result = await startSession(fake.sdk, { log: log() });
    expect(result).toEqual({
      status: 'ready',
      session: sessionFromLogin(LOGINS.frontdesk),
      profile: profileOf(LOGINS.frontdesk),
    });
    expect(fake.callsTo('/api/auth/login')).toEqual([
      { path: '/api/auth/login', body: {}, noProgress: true },
    ]);
    expect(readSession()).toEqual(sessionFromLogin(LOGINS.frontdesk));
  });

  it('logs a failed login and keeps the person signed in with the stored session', async () => {
    writeSession(SESSIONS.frontdesk);
    const fake = createPortalSdk({
      '/api/auth/login': () =>
        Promise.reject(
          new ApiError('There was an unexpected server error.', 500, null, 'POST /api/auth/login'),
        ),
    });
    const logger = log();
    const result = await startSession(fake.sdk, { log: logger });
    expect(result).toMatchObject({ status: 'ready', session: SESSIONS.frontdesk });
    expect(logger.error).toHaveBeenCalledWith(
      'Chairside: the login call failed (There was an unexpected server error.). You stay signed in.',
    );
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    expect(fake.auth.signIn).not.toHaveBeenCalled();
  });

  it('says the session could not start when the login fails and nothing is stored, without signing out', async () => {
    const fake = createPortalSdk({ '/api/auth/login': () => refused('You do not belong to any practice.') });
    const logger = log();
    expect(await startSession(fake.sdk, { log: logger })).toEqual({
      status: 'login-failed',
      message: 'You do not belong to any practice.',
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(fake.auth.signOut).not.toHaveBeenCalled();
  });

  it("does not reuse someone else's stored session", async () => {
    writeSession(SESSIONS.admin);
    const fake = createPortalSdk({ '/api/auth/login': () => refused('No.') });
    expect((await startSession(fake.sdk, { log: log() })).status).toBe('login-failed');
  });

  it('signs in again when the login answers 401 (the provider ended the session)', async () => {
    const fake = createPortalSdk({
      '/api/auth/login': () =>
        Promise.reject(new ApiError('Unauthorized', 401, null, 'POST /api/auth/login')),
    });
    expect(await startSession(fake.sdk, { log: log() })).toEqual({ status: 'redirecting' });
    expect(fake.auth.signIn).toHaveBeenCalledTimes(1);
  });

  it('only logs when the identity provider’s practices do not include the stored one', async () => {
    writeSession({ ...SESSIONS.frontdesk, companyId: 3 });
    const fake = createPortalSdk({ '/api/auth/login': () => refused('Down for maintenance.') });
    const logger = log();
    const result = await startSession(fake.sdk, { log: logger });
    expect(result.status).toBe('ready');
    expect(logger.warn).toHaveBeenCalledWith(
      "Chairside: the identity provider's practices (1) do not include the stored practice (3).",
    );
  });
});

describe('practiceMismatch', () => {
  it('is null for a member of the practice, and for administrators anywhere', () => {
    expect(practiceMismatch(profileOf(LOGINS.frontdesk), SESSIONS.frontdesk)).toBeNull();
    expect(practiceMismatch(profileOf(LOGINS.admin), { ...SESSIONS.admin, companyId: 99 })).toBeNull();
    expect(practiceMismatch(null, SESSIONS.frontdesk)).toBeNull();
  });
});
