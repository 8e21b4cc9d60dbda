/** The schedule preview waits for the terms to settle (300 ms) and previews only the last ones. */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SdkContext } from '../../runtime/SdkContext.js';
import { createFakeSdk, ok } from '../../ui/testing/fakeSdk.js';
import type { PlanTerms } from './newPlan.js';
import { previewOf } from '../../ui/testing/planListFixtures.js';
import { usePlanPreview } from './useNewPlan.js';

const terms = (downPayment: number): PlanTerms => ({
  customerId: 11,
  total: 120_000,
  downPayment,
  cycleCount: 4,
  frequency: 'MONTHLY',
  firstBillingDate: '2026-12-21',
  isCash: true,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the schedule preview', () => {
  it('previews the terms once they have not changed for 300 ms', async () => {
    const fake = createFakeSdk({
      '/api/paymentPlan/preview': ({ body }) => ok(previewOf(body as PlanTerms)),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
      </SdkContext.Provider>
    );
    const { result, rerender } = renderHook(({ t }: { t: PlanTerms | null }) => usePlanPreview(t), {
      wrapper,
      initialProps: { t: null as PlanTerms | null },
    });
    expect(result.current).toEqual({ schedule: undefined, error: undefined, pending: false });

    // Typed $2, $20, $200 down, each within 300 ms of the last.
    for (const down of [200, 2_000, 20_000]) {
      rerender({ t: terms(down) });
      act(() => vi.advanceTimersByTime(250));
    }
    expect(fake.callsTo('/api/paymentPlan/preview')).toHaveLength(0);
    expect(result.current.pending).toBe(true);

    act(() => vi.advanceTimersByTime(300));
    await vi.waitFor(() => expect(result.current.schedule).toBeDefined());
    expect(fake.callsTo('/api/paymentPlan/preview').map((c) => c.body)).toEqual([terms(20_000)]);
    expect(result.current.schedule!.rows[0]).toMatchObject({ isDownPayment: true, amountDue: 20_000 });
    expect(result.current.pending).toBe(false);

    // Terms that no longer hold (a field cleared): nothing to show, nothing asked.
    rerender({ t: null });
    expect(result.current).toEqual({ schedule: undefined, error: undefined, pending: false });
    act(() => vi.advanceTimersByTime(300));
    expect(fake.callsTo('/api/paymentPlan/preview')).toHaveLength(1);
  });
});
