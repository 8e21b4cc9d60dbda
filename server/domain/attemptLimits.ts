/**
 * Limits on guessing: how many failed sign-ins and unknown payment or card links the sandbox takes,
 * per account and per address, before it slows down and then refuses for a while.
 *
 * | what is counted                                   | key          | failures | within | then refused for |
 * | ------------------------------------------------- | ------------ | -------- | ------ | ---------------- |
 * | wrong passwords for one e-mail                    | the e-mail   | 8        | 15 min | 15 min           |
 * | wrong passwords from one address (any e-mail)     | the address  | 30       | 15 min | 15 min           |
 * | unknown or malformed link tokens from one address | the address  | 20       | 10 min | 15 min           |
 *
 * Sign-in also slows down before it refuses: from an account's 4th failure in a window on, a wrong
 * password is answered 250 ms later per failure past the 3rd (at most 2 s), so a script gets few
 * tries a second while a person who mistyped twice notices nothing.
 *
 * Why these numbers: a person who forgot a password tries a handful of times, and a front desk
 * behind one office address does not fail 30 times in a quarter of an hour; a patient opens a link
 * they were sent, and mistypes one by hand a few times at most. The browser tests all run from one
 * address against one server and only count failures, which they make a few of. A guesser, who made
 * about 200 tries a second before, now gets 8 passwords per account and 20 link tokens per address
 * each quarter of an hour.
 */

export interface AttemptRule {
  /** The failure that reaches this count starts the block. */
  failures: number;
  /** Failures older than this (counted from the first in the window) are forgotten. */
  windowMs: number;
  /** How long the key is refused once blocked. */
  blockMs: number;
}

const MINUTE_MS = 60_000;

export const ATTEMPT_RULES = {
  signInAccount: { failures: 8, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS },
  signInAddress: { failures: 30, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS },
  publicLinkAddress: { failures: 20, windowMs: 10 * MINUTE_MS, blockMs: 15 * MINUTE_MS },
} as const satisfies Record<string, AttemptRule>;

export const SIGN_IN_SLOWDOWN = {
  /** Failures answered at once, before the delay starts. */
  freeFailures: 3,
  stepMs: 250,
  maxMs: 2_000,
} as const;

/** How long to hold the answer to the `failure`-th failure in a window (1-based). */
export function signInDelayMs(failure: number): number {
  const past = failure - SIGN_IN_SLOWDOWN.freeFailures;
  if (past <= 0) return 0;
  return Math.min(past * SIGN_IN_SLOWDOWN.stepMs, SIGN_IN_SLOWDOWN.maxMs);
}

/** Whole minutes until the block ends, rounded up, at least 1. */
export function minutesUntil(blockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / MINUTE_MS));
}

/** The message a refused attempt gets. */
export function tooManyAttemptsMessage(blockedUntil: Date, now: Date): string {
  const minutes = minutesUntil(blockedUntil, now);
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
