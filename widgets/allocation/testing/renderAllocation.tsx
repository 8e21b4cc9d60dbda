/** Renders the allocation with a fresh SWR cache per test and the fake SDK, as the portal places it. */
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SdkContext } from '../../runtime/SdkContext.js';
import { WidgetHostContext } from '../../runtime/WidgetHostContext.js';
import { createFakeSdk, type FakeHandler, type FakeSdkOptions } from '../../ui/testing/fakeSdk.js';
import { Allocation, type AllocationProps } from '../Allocation.js';
import { fakeAllocationServer, type FakeAllocationServerOptions } from './procedures.js';

export type Fake = ReturnType<typeof createFakeSdk>;

export function setUp(
  options: FakeAllocationServerOptions & FakeSdkOptions & { extra?: Record<string, FakeHandler> } = {},
) {
  const server = fakeAllocationServer(options);
  const fake = createFakeSdk({ ...server.handlers, ...(options.extra ?? {}) }, options);
  return { server, fake };
}

export function wrap(fake: Fake, children: ReactNode) {
  return (
    <FluentProvider theme={webLightTheme}>
      <WidgetHostContext.Provider value={{ element: null, instanceId: 'portal' }}>
        <SdkContext.Provider value={fake.sdk}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
        </SdkContext.Provider>
      </WidgetHostContext.Provider>
    </FluentProvider>
  );
}

export function renderAllocation(fake: Fake, props: Partial<AllocationProps> = {}) {
  const all: AllocationProps = { customerKey: 1001, transactionId: 7, ...props };
  const view = render(wrap(fake, <Allocation {...all} />));
  return {
    ...view,
    rerenderWith: (more: Partial<AllocationProps>) =>
      view.rerender(wrap(fake, <Allocation {...all} {...more} />)),
  };
}
