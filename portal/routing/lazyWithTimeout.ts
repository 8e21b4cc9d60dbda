/**
 * Screens load on demand (React.lazy). The spec: "Failed lazy-loaded screens give a load error after
 * a 120 s timeout." A chunk that never arrives (a stalled connection, a proxy holding the request)
 * would otherwise leave the spinner up for good; after the time-out the screen's error boundary
 * says what happened and offers a reload.
 */
import { lazy, type ComponentType } from 'react';

export const LAZY_SCREEN_TIMEOUT_MS = 120_000;

export class ScreenLoadTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The screen did not load within ${Math.round(timeoutMs / 1000)} seconds.`);
    this.name = 'ScreenLoadTimeoutError';
  }
}

/** Settles as `promise` does, or rejects with ScreenLoadTimeoutError once `timeoutMs` has passed. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** React.lazy with the spec's time-out (typed as React.lazy is). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTimeout<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  timeoutMs: number = LAZY_SCREEN_TIMEOUT_MS,
) {
  return lazy(() => withTimeout(load(), timeoutMs));
}
