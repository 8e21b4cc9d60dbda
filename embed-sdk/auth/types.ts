/** What the SDK needs from a sign-in method, whether Chairside's own (OIDC) or the host page's tokens. */
import type { Role } from '../contract/common.js';
import type { Unsubscribe } from '../events.js';

export interface PracticeClaim {
  id: number;
  roles: Role[];
}

/** Who is signed in, from the identity provider's claims (name, email, is_admin, practices). */
export interface UserProfile {
  sub: string | null;
  name: string | null;
  email: string | null;
  isAdmin: boolean;
  /** The practices the user belongs to, each with the user's roles there. */
  practices: PracticeClaim[];
}

export interface Auth {
  readonly mode: 'oidc' | 'token';
  /** Start-up work is done (a sign-in coming back from the identity provider is complete). */
  readonly ready: Promise<void>;
  /** An access token for the API, renewed first when it is about to expire; null when signed out. */
  getToken(): Promise<string | null>;
  /** A new access token even if the current one looks valid (the API said 401); null when it cannot. */
  refresh(): Promise<string | null>;
  signedIn(): Promise<boolean>;
  getProfile(): Promise<UserProfile | null>;
  /** OIDC: goes to the identity provider and comes back to this page. Token: asks the host again. */
  signIn(): Promise<void>;
  signOut(): Promise<void>;
  /** Called when the signed-in state changes, in this tab or (OIDC) in another tab of the same site. */
  onChange(listener: (signedIn: boolean) => void): Unsubscribe;
}
