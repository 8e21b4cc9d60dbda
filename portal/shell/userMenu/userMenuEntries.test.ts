import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../testing/portalFixtures.js';
import { supportHref, userMenuEntries, type UserMenuEntry } from './userMenuEntries.js';

const names = (entries: UserMenuEntry[]) =>
  entries.map((e) =>
    e.kind === 'link'
      ? e.label
      : e.kind === 'practices'
        ? `Practices(${e.companies.length})`
        : e.kind === 'theme'
          ? 'Theme'
          : e.kind === 'logout'
            ? 'Logout'
            : e.text,
  );

describe('My Profile', () => {
  it('opens the identity provider’s profile page when the server names one', () => {
    const profile = userMenuEntries(SESSIONS.frontdesk, 'http://sandbox.test/account/profile').find(
      (e) => e.kind === 'link' && e.key === 'profile',
    );
    expect(profile).toMatchObject({ label: 'My Profile', href: 'http://sandbox.test/account/profile' });
  });

  it('keeps the portal’s own screen otherwise', () => {
    const profile = userMenuEntries(SESSIONS.frontdesk).find((e) => e.kind === 'link' && e.key === 'profile');
    expect(profile).toMatchObject({ href: '#/userProfile' });
  });
});

describe('the user menu, in the spec’s order', () => {
  it('gives an administrator everything, with the practices to switch between', () => {
    expect(names(userMenuEntries(SESSIONS.admin))).toEqual([
      'Admin Dashboard',
      'Practice Admin Page',
      'Dentists',
      'My Profile',
      'Settings',
      'Support',
      'Membership Administration',
      'Theme',
      'Practices(3)',
      'Logout',
      'Version 0.1.0 · Release 0.1.0-sandbox',
    ]);
  });

  it('gives the front desk no admin entries, no Settings and no Membership Administration', () => {
    expect(names(userMenuEntries(SESSIONS.frontdesk))).toEqual([
      'My Profile',
      'Support',
      'Theme',
      'Practices(1)',
      'Logout',
      'Version 0.1.0 · Release 0.1.0-sandbox',
    ]);
  });

  it('shows the practices to non-administrators, and to administrators with more than one', () => {
    const hasPractices = (s: Parameters<typeof userMenuEntries>[0]) =>
      userMenuEntries(s).some((e) => e.kind === 'practices');
    expect(hasPractices(SESSIONS.viewer)).toBe(true);
    expect(hasPractices({ ...SESSIONS.admin, companies: SESSIONS.admin.companies.slice(0, 1) })).toBe(false);
    expect(hasPractices({ ...SESSIONS.admin, companies: SESSIONS.admin.companies.slice(0, 2) })).toBe(true);
  });

  it('links the practice’s admin page and Support for the current practice', () => {
    const entries = userMenuEntries({
      ...SESSIONS.admin,
      companyId: 2,
      companyName: 'Cedar Family Dentistry',
    });
    expect(entries).toContainEqual(
      expect.objectContaining({ key: 'practiceAdmin', href: '#/admin/company/2' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        key: 'support',
        href: 'mailto:support@chairside.test?subject=Chairside%20support%20for%20Cedar%20Family%20Dentistry',
      }),
    );
  });
});

describe('Support, as System Admin sets it', () => {
  it('leads to the web page named, or writes to the mailbox named, or to the built-in one', () => {
    expect(supportHref('Bright Smiles Dental', 'https://help.chairside.test/desk')).toBe(
      'https://help.chairside.test/desk',
    );
    expect(supportHref('Bright Smiles Dental', 'help@chairside.test')).toBe(
      'mailto:help@chairside.test?subject=Chairside%20support%20for%20Bright%20Smiles%20Dental',
    );
    expect(supportHref('Bright Smiles Dental', '')).toBe(
      'mailto:support@chairside.test?subject=Chairside%20support%20for%20Bright%20Smiles%20Dental',
    );
  });
});
