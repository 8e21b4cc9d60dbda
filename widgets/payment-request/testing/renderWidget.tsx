/** Renders the payment request as an element would: a fresh SWR cache per test and the fake SDK. */
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { SdkContext } from '../../runtime/SdkContext.js';
import type { createFakeSdk } from '../../ui/testing/fakeSdk.js';
import { PaymentRequest, type PaymentRequestProps } from '../PaymentRequest.js';
import { REQUEST_ID } from './fixtures.js';

export type Fake = ReturnType<typeof createFakeSdk>;

export function renderPaymentRequest(fake: Fake, props: Partial<PaymentRequestProps> = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <PaymentRequest notificationId={REQUEST_ID} {...props} />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
}
