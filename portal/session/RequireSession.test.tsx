/**
 * The session gate with the real SessionProvider: signing in, the sign-in redirect, and what the
 * person sees when the identity provider or the login call fails (never a blank page).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { SdkContext } from '../../widgets/runtime/SdkContext.js';
import { PortalConfigurationContext } from '../boot/PortalConfiguration.js';
import { createPortalSdk, LOGINS, ok, refused } from '../testing/portalFixtures.js';
import { CONFIGURATION } from '../testing/renderPortal.js';
import { RequireSession } from './RequireSession.js';
import { SessionProvider, useSession } from './SessionContext.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function Signed() {
  const { session } = useSession();
  return (
    <>
      <p>
        Signed in as {session.name} at {session.companyName}
      </p>
      <p>Terms accepted: {session.termsOfService ? 'yes' : 'no'}</p>
    </>
  );
}

function renderGate(fake: ReturnType<typeof createPortalSdk>, configuration = CONFIGURATION) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <PortalConfigurationContext.Provider value={configuration}>
          <SessionProvider>
            <MemoryRouter>
              <RequireSession>
                <Signed />
              </RequireSession>
            </MemoryRouter>
          </SessionProvider>
        </PortalConfigurationContext.Provider>
      </SdkContext.Provider>
    </FluentProvider>,
  );
}

describe('RequireSession', () => {
  it('shows that it is signing in, then the page with the session from the login call', async () => {
    const fake = createPortalSdk({ '/api/auth/login': () => ok(LOGINS.frontdesk) });
    renderGate(fake);
    expect(screen.getByText('Signing you in…')).toBeInTheDocument();
    expect(await screen.findByText('Signed in as Fran Desk at Bright Smiles Dental')).toBeInTheDocument();
  });

  it('takes the terms as not accepted when the server refuses a call for them (the terms gate then shows them)', async () => {
    const fake = createPortalSdk({ '/api/auth/login': () => ok(LOGINS.frontdesk) });
    renderGate(fake);
    expect(await screen.findByText('Terms accepted: yes')).toBeInTheDocument();
    act(() => fake.events.emit('terms-required', { message: 'Accept the terms of service to continue.' }));
    expect(await screen.findByText('Terms accepted: no')).toBeInTheDocument();
  });

  it("identifies the user to live chat with the 'console' provider", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fake = createPortalSdk({ '/api/auth/login': () => ok(LOGINS.admin) });
    renderGate(fake, { ...CONFIGURATION, liveChat: 'console' });
    await screen.findByText('Signed in as Avery Admin at Bright Smiles Dental');
    // Told from an effect, which may run a moment after the text is on screen.
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith('Chairside live chat: identify', {
        name: 'Avery Admin',
        email: 'admin@chairside.test',
        companyName: 'Bright Smiles Dental',
        phone: '5125550111',
        id: 1,
      }),
    );
  });

  it('goes to the sign-in redirect when nobody is signed in', async () => {
    const fake = createPortalSdk({}, { signedIn: false });
    renderGate(fake);
    expect(await screen.findByText('Taking you to sign in…')).toBeInTheDocument();
    expect(fake.auth.signIn).toHaveBeenCalledTimes(1);
  });

  it('explains an identity provider that cannot be reached, with a way to try again', async () => {
    const fake = createPortalSdk(
      {},
      {
        signedIn: false,
        signIn: () =>
          Promise.reject(
            new Error(
              'Chairside could not load the identity provider at http://localhost:9/oidc after 100 tries (Failed to fetch).',
            ),
          ),
      },
    );
    renderGate(fake);
    expect(
      await screen.findByRole('heading', { name: 'Chairside could not reach the sign-in service' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('after 100 tries');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the person signed in when the login call fails, and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: unknown = refused('The practice is being moved. Try again in a minute.');
    const fake = createPortalSdk({ '/api/auth/login': () => answer });
    renderGate(fake);
    expect(
      await screen.findByRole('heading', { name: 'Your practice could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are signed in');
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    answer = ok(LOGINS.frontdesk);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByText('Signed in as Fran Desk at Bright Smiles Dental')).toBeInTheDocument(),
    );
  });
});
