/** The gate in front of every widget: signed in, the widget; before the terms, a way to them. */
import { act, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import type { ServerConfiguration } from '../../embed-sdk/contract/config.js';
import '../ui/testing/domMatchers.js';
import { createFakeSdk } from '../ui/testing/fakeSdk.js';
import { SdkContext } from './SdkContext.js';
import { SignInGate } from './SignInGate.js';

function renderGate() {
  const fake = createFakeSdk();
  (fake.sdk as { server: Partial<ServerConfiguration> }).server = {
    termsUrl: 'http://sandbox.test/#/terms-of-service',
  };
  render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SignInGate>
          <p>The widget</p>
        </SignInGate>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  return fake;
}

describe('SignInGate', () => {
  it('shows the widget to a signed-in person', async () => {
    renderGate();
    expect(await screen.findByText('The widget')).toBeInTheDocument();
  });

  it('sends a person who has not accepted the terms to them, and shows the widget again when they come back', async () => {
    const fake = renderGate();
    await screen.findByText('The widget');
    act(() =>
      fake.sdk.events.emit('terms-required', { message: 'Accept the terms of service to continue.' }),
    );
    const panel = await screen.findByRole('region', { name: 'Terms of service' });
    expect(panel).toHaveTextContent('Accept the terms of service to continue.');
    const link = screen.getByRole('link', { name: 'Review the terms' });
    expect(link).toHaveAttribute('href', 'http://sandbox.test/#/terms-of-service');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('The widget')).toBeNull();

    act(() => window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('The widget')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Terms of service' })).toBeNull();
  });
});
