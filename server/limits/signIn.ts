/**
 * Sign-in with limits on guessing (domain/attemptLimits.ts): the attempt is counted against the
 * address and the account before the password is checked. A blocked address or account is refused
 * with the message, even with the right password; a wrong password from the account's 4th failure
 * on is answered a little later each time; the right one clears the account's failures and is not held
 * against the address.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { ATTEMPT_RULES, signInDelayMs, tooManyAttemptsMessage } from '../domain/attemptLimits.js';
import { clearAttempts, countAttempt, forgive } from './store.js';

export type SignInOutcome<T> = { ok: true; value: T } | { ok: false; refused: boolean; message?: string };

export interface SignInAttempt {
  /** As typed; compared lower-case, like the account lookup. */
  email: string;
  /** The client's IP address. */
  address: string;
}

// Encoded: the e-mail is whatever was typed (NUL included, which a text column cannot hold).
export const accountKey = (email: string) =>
  `signin:account:${encodeURIComponent(email.trim().toLowerCase())}`;
export const addressKey = (address: string) => `signin:address:${address}`;

/**
 * Runs `check` (the password check: a value on success, null on a wrong password) if neither the
 * address nor the account is blocked.
 */
export async function limitedSignIn<T>(
  deps: { db: Db; clock: Pick<Clock, 'now'>; sleep?: (ms: number) => Promise<unknown> },
  who: SignInAttempt,
  check: () => Promise<T | null>,
): Promise<SignInOutcome<T>> {
  const { db, clock } = deps;
  const now = clock.now();
  const refusal = (blockedUntil: Date | null) => ({
    ok: false as const,
    refused: true,
    message: tooManyAttemptsMessage(blockedUntil ?? now, now),
  });

  const address = await countAttempt(db, addressKey(who.address), ATTEMPT_RULES.signInAddress, now);
  if (address.refused) return refusal(address.blockedUntil);
  const account = await countAttempt(db, accountKey(who.email), ATTEMPT_RULES.signInAccount, now);
  if (account.refused) return refusal(account.blockedUntil);

  const value = await check();
  if (value !== null) {
    await clearAttempts(db, accountKey(who.email));
    await forgive(db, addressKey(who.address), ATTEMPT_RULES.signInAddress);
    return { ok: true, value };
  }
  // The delay follows the account's failures: that is what a guesser hammers. An address spreading
  // its guesses over many accounts meets its own limit instead.
  await (deps.sleep ?? sleep)(signInDelayMs(account.attempt));
  // The failure that reached a limit is told so at once, rather than at the next try.
  const blockedUntil = account.blockedUntil ?? address.blockedUntil;
  if (blockedUntil) return refusal(blockedUntil);
  return { ok: false, refused: false };
}
