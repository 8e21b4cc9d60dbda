/**
 * Renders the payment request with a fresh SWR cache per test and the fake SDK: as the portal
 * places it, or (`asElement`) as the custom element runs it, with a host element of its own.
 */
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { SdkContext } from '../../runtime/SdkContext.js';
import { WidgetHostContext } from '../../runtime/WidgetHostContext.js';
import type { createFakeSdk } from '../../ui/testing/fakeSdk.js';
import { PaymentRequest, type PaymentRequestProps } from '../PaymentRequest.js';
import { REQUEST_ID } from '../../ui/testing/requestFixtures.js';

export type Fake = ReturnType<typeof createFakeSdk>;

export function renderPaymentRequest(
  fake: Fake,
  props: Partial<PaymentRequestProps> = {},
  { asElement = false }: { asElement?: boolean } = {},
) {
  const host = asElement
    ? {
        element: document.createElement('chairside-payment-request'),
        instanceId: 'chairside-payment-request-1',
      }
    : { element: null, instanceId: 'portal' };
  return render(
    <FluentProvider theme={webLightTheme}>
      <WidgetHostContext.Provider value={host}>
        <SdkContext.Provider value={fake.sdk}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <PaymentRequest notificationId={REQUEST_ID} {...props} />
          </SWRConfig>
        </SdkContext.Provider>
      </WidgetHostContext.Provider>
    </FluentProvider>,
  );
}
