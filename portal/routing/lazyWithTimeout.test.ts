import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_SCREEN_TIMEOUT_MS, ScreenLoadTimeoutError, withTimeout } from './lazyWithTimeout.js';

afterEach(() => vi.useRealTimers());

describe('the lazy screen time-out', () => {
  it('is the spec’s 120 seconds', () => {
    expect(LAZY_SCREEN_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with a load error once 120 s pass without the screen', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const settled = vi.fn();
    const result = withTimeout(never, LAZY_SCREEN_TIMEOUT_MS).catch((e: unknown) => {
      settled(e);
      return e;
    });
    await vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ScreenLoadTimeoutError);
    expect((error as Error).message).toBe('The screen did not load within 120 seconds.');
  });

  it('passes a screen that arrives in time, and stops its timer', async () => {
    vi.useFakeTimers();
    const screen = { default: () => null };
    const result = withTimeout(
      new Promise((resolve) => setTimeout(() => resolve(screen), 119_000)),
      LAZY_SCREEN_TIMEOUT_MS,
    );
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(result).resolves.toBe(screen);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes on a chunk that fails at once', async () => {
    vi.useFakeTimers();
    await expect(
      withTimeout(Promise.reject(new Error('Failed to fetch dynamically imported module')), 120_000),
    ).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(vi.getTimerCount()).toBe(0);
  });
});
