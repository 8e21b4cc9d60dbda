/** One read per burst of realtime events: after a quiet spell, or at the latest after the maximum wait. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './useLiveDashboard.js';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, a quiet spell after the last trigger', () => {
    const run = vi.fn();
    const burst = coalesce(run, 400, 2_000);
    burst.trigger();
    vi.advanceTimersByTime(300);
    burst.trigger();
    vi.advanceTimersByTime(300);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest the maximum wait after the first trigger, however long the burst', () => {
    const run = vi.fn();
    const burst = coalesce(run, 400, 2_000);
    for (let t = 0; t < 2_000; t += 200) {
      burst.trigger();
      vi.advanceTimersByTime(200);
    }
    expect(run).toHaveBeenCalledTimes(1);
    // The next burst waits again from its own first trigger.
    burst.trigger();
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets a pending run when cancelled', () => {
    const run = vi.fn();
    const burst = coalesce(run, 400, 2_000);
    burst.trigger();
    burst.cancel();
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
  });
});
