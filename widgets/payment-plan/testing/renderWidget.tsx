/** Renders the payment plan as the portal places it: a fresh SWR cache per test and the fake SDK. */
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { SdkContext } from '../../runtime/SdkContext.js';
import { createFakeSdk, type FakeHandler } from '../../ui/testing/fakeSdk.js';
import { PaymentPlan, type PaymentPlanProps } from '../PaymentPlan.js';
import { PLAN_ID } from './fixtures.js';

export type Fake = ReturnType<typeof createFakeSdk>;

/** A fake SDK whose user has these roles in practice 1 (the front desk's by default). */
export function fakeSdkFor(handlers: Record<string, FakeHandler>, roles: Role[] = ['EDITPAYMENTPLANS']) {
  const fake = createFakeSdk(handlers);
  fake.sdk.auth.getProfile = vi.fn(async () => ({
    sub: '1',
    name: 'Fran Desk',
    email: null,
    isAdmin: false,
    practices: [{ id: 1, roles }],
  }));
  return fake;
}

export function renderPaymentPlan(fake: Fake, props: Partial<PaymentPlanProps> = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <PaymentPlan planId={PLAN_ID} {...props} />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
}
