/** The user menu as a person opens it: every entry for the role, in order, and switching practice. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import { THEME_KEY } from '../../theme/themeStorage.js';
import { UserMenu } from './UserMenu.js';

async function openMenu(session: (typeof SESSIONS)[keyof typeof SESSIONS]) {
  const user = userEvent.setup();
  const view = renderPortal(<UserMenu />, { sdk: createPortalSdk().sdk, session });
  await user.click(screen.getByRole('button', { name: new RegExp(session.name) }));
  const menu = await screen.findByRole('menu');
  return { ...view, user, menu };
}

const entryNames = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[role="menuitem"], [role="menuitemradio"]')].map((item) => item.textContent);

afterEach(() => localStorage.clear());

describe('the user menu', () => {
  it('names the person and the current practice on its button', () => {
    renderPortal(<UserMenu />, { sdk: createPortalSdk().sdk, session: SESSIONS.viewer });
    expect(screen.getByRole('button', { name: /Vic Viewer.*Cedar Family Dentistry/ })).toBeInTheDocument();
  });

  it('gives an administrator every entry in the spec’s order, the version at the bottom', async () => {
    const { menu } = await openMenu(SESSIONS.admin);
    expect(entryNames(menu)).toEqual([
      'Admin Dashboard',
      'Practice Admin Page',
      'Dentists',
      'My Profile',
      'Settings',
      'Support',
      'Membership Administration',
      'Light',
      'Dark',
      'Bright Smiles DentalOpen Dental',
      'Cedar Family DentistryDentrix',
      'Harbor View DentalEaglesoft',
      'Logout',
    ]);
    expect(within(menu).getByText('Version 0.1.0 · Release 0.1.0-sandbox')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '#/userProfile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Practice Admin Page' })).toHaveAttribute(
      'href',
      '#/admin/company/1',
    );
    expect(within(menu).getByRole('menuitemradio', { name: /Bright Smiles Dental/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('gives the front desk My Profile, Support, the theme, their practice and Logout only', async () => {
    const { menu } = await openMenu(SESSIONS.frontdesk);
    expect(entryNames(menu)).toEqual([
      'My Profile',
      'Support',
      'Light',
      'Dark',
      'Bright Smiles DentalOpen Dental',
      'Logout',
    ]);
    expect(within(menu).queryByRole('menuitem', { name: 'Settings' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Membership Administration' })).toBeNull();
  });

  it('switches practice when another one is chosen', async () => {
    const { menu, user, actions } = await openMenu(SESSIONS.viewer);
    await user.click(within(menu).getByRole('menuitemradio', { name: /Harbor View Dental/ }));
    await waitFor(() => expect(actions.switchPractice).toHaveBeenCalledWith(3));
  });

  it('does nothing when the current practice is chosen again', async () => {
    const { menu, user, actions } = await openMenu(SESSIONS.viewer);
    await user.click(within(menu).getByRole('menuitemradio', { name: /Cedar Family Dentistry/ }));
    expect(actions.switchPractice).not.toHaveBeenCalled();
  });

  it('signs out from Logout', async () => {
    const { menu, user, actions } = await openMenu(SESSIONS.frontdesk);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(actions.signOut).toHaveBeenCalledTimes(1);
  });

  it('switches the theme to Dark and back, for the whole portal, kept on this device', async () => {
    const { menu, user, container, actions } = await openMenu(SESSIONS.frontdesk);
    const provider = container.querySelector('.fui-FluentProvider')!;
    expect(within(menu).getByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(provider).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    // Choosing a theme switches no practice.
    expect(actions.switchPractice).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Fran Desk/ }));
    const again = await screen.findByRole('menu');
    expect(within(again).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(again).getByRole('menuitemradio', { name: 'Light' }));
    expect(provider).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('opens with the theme kept on this device checked', async () => {
    localStorage.setItem(THEME_KEY, 'dark');
    const { menu } = await openMenu(SESSIONS.viewer);
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
