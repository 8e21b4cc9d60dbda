/**
 * The session as the portal's components reach it. Nothing starts until a page that needs a
 * signed-in person asks (`RequireSession`): the public payment page and the error pages never
 * send anyone to sign in.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { loginCompany, loginFromCompany } from '../../embed-sdk/contract/auth.js';
import type { UserProfile } from '../../embed-sdk/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { reloadAtRoot } from './reloadAtRoot.js';
import { sessionFromLogin, type Session } from './session.js';
import { clearSession, readSession, SESSION_KEY, writeSession } from './sessionStorage.js';
import { startSession, type SessionStart } from './startSession.js';

export type SessionState = { status: 'idle' } | { status: 'checking' } | SessionStart;

export interface SessionContextValue {
  state: SessionState;
  /** Starts the session check unless it has started (pages that need a signed-in person call it). */
  ensure(): void;
  /** Checks again from the start (after a failure). */
  retry(): void;
  /** Changes fields of the session (e.g. terms accepted, bell viewed) and keeps them on the device. */
  update(patch: Partial<Session>): void;
  /**
   * POST login-company (a practice the person belongs to), or an administrator's loginFromCompany
   * (`asAdmin`: any practice, recorded in the audit log); then reloads at the root. Resolves false
   * when the switch was refused.
   */
  switchPractice(companyId: number, asAdmin?: boolean): Promise<boolean>;
  signOut(): Promise<void>;
}

/** Exported for tests, which give components a session without signing in. */
export const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const sdk = useSdk();
  const [state, setState] = useState<SessionState>({ status: 'idle' });
  const started = useRef(false);

  const run = useCallback(() => {
    started.current = true;
    setState({ status: 'checking' });
    startSession(sdk).then(setState, (error: unknown) => {
      console.error('Chairside: the session could not start.', error);
      setState({ status: 'login-failed', message: error instanceof Error ? error.message : String(error) });
    });
  }, [sdk]);

  const ensure = useCallback(() => {
    if (!started.current) run();
  }, [run]);

  // Signed out elsewhere (another tab, or the provider refused to renew): sign in again here.
  useEffect(
    () =>
      sdk.on('auth', ({ signedIn }) => {
        if (!signedIn && started.current) run();
      }),
    [sdk, run],
  );

  // Another tab switched practice: the server's current practice changed for this tab too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_KEY || state.status !== 'ready') return;
      const next = readSession();
      if (next && next.companyId !== state.session.companyId) reloadAtRoot();
      else if (next) setState({ ...state, session: next });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [state]);

  const update = useCallback((patch: Partial<Session>) => {
    setState((current) => {
      if (current.status !== 'ready') return current;
      const session = { ...current.session, ...patch };
      writeSession(session);
      return { ...current, session };
    });
  }, []);

  // The server says the terms are not accepted (this device's session thought otherwise): the
  // pages under RequireTerms then send the person to the terms page, which comes back here.
  useEffect(() => sdk.on('terms-required', () => update({ termsOfService: false })), [sdk, update]);

  const switchPractice = useCallback(
    async (companyId: number, asAdmin = false) => {
      const result = await (
        asAdmin
          ? sdk.api.call(loginFromCompany, { body: { id: companyId } })
          : sdk.api.call(loginCompany, { body: { companyId } })
      ).catch(() => null);
      if (!result?.isSuccess) return false;
      writeSession(sessionFromLogin(result.value));
      reloadAtRoot();
      return true;
    },
    [sdk],
  );

  const signOut = useCallback(async () => {
    clearSession();
    try {
      await sdk.auth.signOut();
    } catch (error) {
      // The provider could not be reached: the local session is gone; sign-in will be asked again.
      console.error('Chairside: signing out at the identity provider failed.', error);
      reloadAtRoot();
    }
  }, [sdk]);

  const value = useMemo<SessionContextValue>(
    () => ({ state, ensure, retry: run, update, switchPractice, signOut }),
    [state, ensure, run, update, switchPractice, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionContext() needs a SessionProvider.');
  return value;
}

/** The signed-in session; only under RequireSession. */
export function useSession(): { session: Session; profile: UserProfile | null } & Omit<
  SessionContextValue,
  'state' | 'ensure' | 'retry'
> {
  const { state, update, switchPractice, signOut } = useSessionContext();
  if (state.status !== 'ready') throw new Error('useSession() is for pages under RequireSession.');
  return { session: state.session, profile: state.profile, update, switchPractice, signOut };
}
