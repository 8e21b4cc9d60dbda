/**
 * The theme screen offers light and dark for real: applied at once and kept on the device; a page
 * prints in the light theme whatever is shown.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, SESSIONS } from '../testing/portalFixtures.js';
import { renderPortal } from '../testing/renderPortal.js';
import { THEME_KEY } from '../theme/themeStorage.js';
import ThemePage from './ThemePage.js';

afterEach(() => localStorage.clear());

describe('the theme screen', () => {
  it('switches to dark and back, for the whole portal, and remembers it', async () => {
    const user = userEvent.setup();
    const { container } = renderPortal(<ThemePage />, {
      sdk: createPortalSdk().sdk,
      session: SESSIONS.frontdesk,
    });
    const provider = container.querySelector('.fui-FluentProvider')!;
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Light' }).checked).toBe(true);
    expect(provider).toHaveAttribute('data-theme', 'light');

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(provider).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('starts with the theme kept on the device', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    renderPortal(<ThemePage />, { sdk: createPortalSdk().sdk, session: SESSIONS.frontdesk });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true);
  });

  it('prints in the light theme, and shows the dark one again after', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    const { container } = renderPortal(<ThemePage />, {
      sdk: createPortalSdk().sdk,
      session: SESSIONS.frontdesk,
    });
    const provider = container.querySelector('.fui-FluentProvider')!;
    expect(provider).toHaveAttribute('data-theme', 'dark');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    // At once, before the browser lays the page out for print.
    expect(provider).toHaveAttribute('data-theme', 'light');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(provider).toHaveAttribute('data-theme', 'dark');
    // The choice kept on the device is not changed by printing.
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });
});
