/** The user menu as a person opens it: every entry for the role, in order, and switching practice. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
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
      'Bright Smiles DentalOpen Dental',
      'Cedar Family DentistryDentrix',
      'Harbor View DentalEaglesoft',
      'Logout',
    ]);
    expect(within(menu).getByText('Version 0.1.0')).toBeInTheDocument();
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

  it('gives the front desk My Profile, Support, their practice and Logout only', async () => {
    const { menu } = await openMenu(SESSIONS.frontdesk);
    expect(entryNames(menu)).toEqual(['My Profile', 'Support', 'Bright Smiles DentalOpen Dental', 'Logout']);
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
});
