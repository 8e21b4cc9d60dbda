/** The error page shows error_message as text, never as markup; the catch-all says Page not found. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { routes } from '../routing/routes.js';
import { createPortalSdk } from '../testing/portalFixtures.js';
import { renderRoutes } from '../testing/renderPortal.js';

describe('the error and not-found pages', () => {
  it("shows 'Oops!' and the decoded error_message literally, with a link back to the dashboard", async () => {
    const { container } = renderRoutes(routes, {
      sdk: createPortalSdk().sdk,
      path: '/error?error_message=%3Cb%3Ex%3C%2Fb%3E%20and%20%26amp%3B',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByTestId('error-message').textContent).toBe('<b>x</b> and &amp;');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '#/dashboard');
  });

  it("shows 'Oops!' and 'Page not found.' for an unknown path, without signing in", async () => {
    const fake = createPortalSdk({}, { signedIn: false });
    renderRoutes(routes, { sdk: fake.sdk, path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Page not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '#/dashboard');
    expect(fake.auth.signIn).not.toHaveBeenCalled();
  });
});
