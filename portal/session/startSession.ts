/**
 * What happens when a page that needs a signed-in person is reached (spec part 1, sections 4 and 8):
 *
 * - nobody is signed in: the local session is dropped (signed out) and the sign-in redirect starts;
 *   sign-in comes back to the same address;
 * - the identity provider cannot be loaded: the SDK has logged it as an initialisation error; the
 *   person is told, and can try again;
 * - signed in: POST /api/auth/login, and its session fields are stored;
 * - the login call fails: logged, and the person stays signed in (with the session stored on the
 *   device, when there is one);
 * - the identity provider's practices do not include the stored practice: logged only.
 */
import type { LoginValue } from '../../embed-sdk/contract/auth.js';
import { login } from '../../embed-sdk/contract/auth.js';
import { isApiError, type Sdk, type UserProfile } from '../../embed-sdk/index.js';
import { sessionFromLogin, type Session } from './session.js';
import { clearSession, readSession, writeSession } from './sessionStorage.js';

export type SessionStart =
  | { status: 'redirecting' }
  | { status: 'ready'; session: Session; profile: UserProfile | null }
  | { status: 'provider-unavailable'; message: string }
  | { status: 'login-failed'; message: string };

export interface SessionStartOptions {
  storage?: Storage | null;
  log?: Pick<Console, 'error' | 'warn'>;
}

/** A message when the identity provider's practices do not include the session's, else null. */
export function practiceMismatch(profile: UserProfile | null, session: Session): string | null {
  if (!profile || profile.isAdmin) return null; // administrators may enter any practice
  const ids = profile.practices.map((p) => p.id);
  if (ids.includes(session.companyId)) return null;
  return `Chairside: the identity provider's practices (${ids.join(', ') || 'none'}) do not include the stored practice (${session.companyId}).`;
}

async function redirectToSignIn(sdk: Pick<Sdk, 'auth'>, storage: Storage | null | undefined) {
  clearSession(storage);
  try {
    await sdk.auth.signIn();
    return { status: 'redirecting' } as const;
  } catch (error) {
    // The SDK logged the initialisation error; the person needs to see something too.
    return {
      status: 'provider-unavailable',
      message: error instanceof Error ? error.message : String(error),
    } as const;
  }
}

export async function startSession(
  sdk: Pick<Sdk, 'auth' | 'api'>,
  { storage, log = console }: SessionStartOptions = {},
): Promise<SessionStart> {
  if (!(await sdk.auth.signedIn())) return redirectToSignIn(sdk, storage);
  const profile = await sdk.auth.getProfile();
  // (An undefined storage means the page's localStorage: the default parameter applies.)
  let stored = readSession(storage);
  if (stored && profile?.email && stored.email !== profile.email) stored = null; // someone else's

  let value: LoginValue | null = null;
  let failure: string;
  try {
    const result = await sdk.api.call(login, { body: {}, noProgress: true });
    if (result.isSuccess) value = result.value;
    failure = result.errors[0] ?? 'The login was refused.';
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // The session ended at the provider (the refresh token was refused): sign in again.
      return redirectToSignIn(sdk, storage);
    }
    failure = error instanceof Error ? error.message : String(error);
  }

  let session: Session;
  if (value) {
    session = sessionFromLogin(value);
    writeSession(session, storage);
  } else {
    log.error(`Chairside: the login call failed (${failure}). You stay signed in.`);
    if (!stored) return { status: 'login-failed', message: failure };
    session = stored;
  }
  const mismatch = practiceMismatch(profile, session);
  if (mismatch) log.warn(mismatch);
  return { status: 'ready', session, profile };
}
