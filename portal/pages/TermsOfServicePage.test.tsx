/** The terms gate and page: the 340 px box, accepting records it and continues to nextUrl. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { routes } from '../routing/routes.js';
import { createPortalSdk, ok, SESSIONS, shellHandlers } from '../testing/portalFixtures.js';
import { renderRoutes, stubViewport } from '../testing/renderPortal.js';
import { TERMS_BOX_HEIGHT_PX } from './TermsOfServicePage.js';

const TERMS = {
  version: '2026-01',
  text: 'Chairside Terms of Service (sandbox)\n\n1. Who these terms are for',
};

describe('the terms of service', () => {
  it('sends a user without accepted terms to terms-of-service with nextUrl, and continues there after accepting', async () => {
    stubViewport(1440);
    const user = userEvent.setup();
    const fake = createPortalSdk(
      shellHandlers({
        '/api/auth/termsOfService': () => ok(TERMS),
        '/api/auth/acceptTermsOfService': () =>
          ok({ termsOfService: true, acceptedAt: '2026-11-21T15:00:00Z' }),
      }),
    );
    const { router } = renderRoutes(routes, {
      sdk: fake.sdk,
      session: SESSIONS.viewer,
      path: '/paymentplans?x=1',
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-of-service'));
    expect(router.state.location.search).toBe('?nextUrl=%2Fpaymentplans%3Fx%3D1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: /Terms of Service/ });
    expect(box).toHaveValue(TERMS.text);
    expect(box).toHaveAttribute('readonly', '');
    expect(TERMS_BOX_HEIGHT_PX).toBe(340);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentplans'));
    expect(router.state.location.search).toBe('?x=1');
    expect(fake.callsTo('/api/auth/acceptTermsOfService')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Plans' })).toBeInTheDocument();
  });

  it('lets a user who accepted the terms read them and continue', async () => {
    const fake = createPortalSdk({ '/api/auth/termsOfService': () => ok(TERMS) });
    renderRoutes(routes, { sdk: fake.sdk, session: SESSIONS.frontdesk, path: '/terms-of-service' });
    expect(await screen.findByText('You have accepted these terms.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
