/** Renders the reimbursements' components with a fresh SWR cache per test and the fake SDK. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SdkContext } from '../../runtime/SdkContext.js';
import { WidgetHostContext } from '../../runtime/WidgetHostContext.js';
import type { createFakeSdk } from '../../ui/testing/fakeSdk.js';

export type Fake = ReturnType<typeof createFakeSdk>;

export function renderWith(fake: Fake, children: ReactNode) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <WidgetHostContext.Provider value={{ element: null, instanceId: 'portal' }}>
        <SdkContext.Provider value={fake.sdk}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
        </SdkContext.Provider>
      </WidgetHostContext.Provider>
    </FluentProvider>,
  );
}
