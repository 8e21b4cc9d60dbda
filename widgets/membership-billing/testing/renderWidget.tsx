/** Renders the membership modal as the portal places it: a fresh SWR cache per test and the fake SDK. */
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { SdkContext } from '../../runtime/SdkContext.js';
import { createFakeSdk, FRAN_DESK, type FakeHandler } from '../../ui/testing/fakeSdk.js';
import { MEMBERSHIP_ID } from '../../ui/testing/membershipFixtures.js';
import { MembershipBilling, type MembershipBillingProps } from '../MembershipBilling.js';

export type Fake = ReturnType<typeof createFakeSdk>;

/** A fake SDK whose user has these roles in practice 1 (an editor's, with refunds and voids, by default). */
export function fakeSdkFor(
  handlers: Record<string, FakeHandler>,
  roles: Role[] = ['EDITMEMBERSHIPS', 'PROCESSREFUND', 'PROCESSVOID'],
) {
  return createFakeSdk(handlers, { profile: { ...FRAN_DESK, practices: [{ id: 1, roles }] } });
}

export function renderMembership(fake: Fake, props: Partial<MembershipBillingProps> = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <MembershipBilling membershipId={MEMBERSHIP_ID} {...props} />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
}
