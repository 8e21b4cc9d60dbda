/**
 * Where the session lives on the device: localStorage, so every tab of the portal shares it (as
 * they share the sign-in). Reading checks it against the schema; something that does not fit (an
 * older portal's shape, a hand edit) is dropped, and the next login writes a fresh one.
 */
import { SessionSchema, type Session } from './session.js';

export const SESSION_KEY = 'chairside.portal.session';

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off (privacy settings); the portal then keeps the session in memory.
    return null;
  }
}

export function readSession(storage: Storage | null = defaultStorage()): Session | null {
  const raw = storage?.getItem(SESSION_KEY);
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const parsed = SessionSchema.safeParse(json);
  if (!parsed.success) {
    console.warn('Chairside: the stored session is not readable and was discarded.');
    storage?.removeItem(SESSION_KEY);
    return null;
  }
  return parsed.data;
}

export function writeSession(session: Session, storage: Storage | null = defaultStorage()): void {
  storage?.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession(storage: Storage | null = defaultStorage()): void {
  storage?.removeItem(SESSION_KEY);
}
