/**
 * The user menu's entries, in the spec's order, each with its rule (part 1, section 2):
 * Admin Dashboard, the practice's admin page and Dentists (administrators); My Profile (the identity
 * provider's profile page when the server names one, else the portal's own screen); Settings
 * (MANAGESETTINGS); Support; Membership Administration (MANAGEMEMBERSHIPS); the practices to switch
 * to (non-administrators, or anyone with more than one practice); Logout; the version. Not in the
 * spec's list: the theme (Light or Dark, as on the Theme screen), for everyone, before the practices.
 */
import { hasRole, type Session } from '../../session/session.js';

/** Where the Support entry leads unless System Admin names another place: the support desk's mailbox. */
export const SUPPORT_ADDRESS = 'support@chairside.test';

export type UserMenuEntry =
  | { kind: 'link'; key: string; label: string; href: string }
  | { kind: 'theme' }
  | { kind: 'practices'; companies: Session['companies']; currentId: number }
  | { kind: 'logout' }
  | { kind: 'version'; text: string };

type MenuSession = Pick<
  Session,
  | 'isAdmin'
  | 'roles'
  | 'companies'
  | 'companyId'
  | 'companyName'
  | 'version'
  | 'releaseVersion'
  | 'supportLink'
>;

/**
 * The Support entry's address: the web page System Admin set, or a mailbox (its, or the built-in
 * one) with the practice in the subject.
 */
export function supportHref(companyName: string, supportLink = ''): string {
  if (/^https?:\/\//i.test(supportLink)) return supportLink;
  const address = supportLink || SUPPORT_ADDRESS;
  return `mailto:${address}?subject=${encodeURIComponent(`Chairside support for ${companyName}`)}`;
}

/** The portal's own screen, for an identity provider without a profile page of ours. */
export const OWN_PROFILE_HREF = '#/userProfile';

export function userMenuEntries(session: MenuSession, profileUrl?: string): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [];
  if (session.isAdmin) {
    entries.push(
      { kind: 'link', key: 'admin', label: 'Admin Dashboard', href: '#/admin' },
      {
        kind: 'link',
        key: 'practiceAdmin',
        label: 'Practice Admin Page',
        href: `#/admin/company/${session.companyId}`,
      },
      { kind: 'link', key: 'dentists', label: 'Dentists', href: '#/admin/companies' },
    );
  }
  entries.push({ kind: 'link', key: 'profile', label: 'My Profile', href: profileUrl ?? OWN_PROFILE_HREF });
  if (hasRole(session, 'MANAGESETTINGS')) {
    entries.push({ kind: 'link', key: 'settings', label: 'Settings', href: '#/companyProfile' });
  }
  entries.push({
    kind: 'link',
    key: 'support',
    label: 'Support',
    href: supportHref(session.companyName, session.supportLink),
  });
  if (hasRole(session, 'MANAGEMEMBERSHIPS')) {
    entries.push({
      kind: 'link',
      key: 'membershipAdmin',
      label: 'Membership Administration',
      href: '#/managemembership',
    });
  }
  entries.push({ kind: 'theme' });
  if (!session.isAdmin || session.companies.length > 1) {
    entries.push({ kind: 'practices', companies: session.companies, currentId: session.companyId });
  }
  entries.push({ kind: 'logout' });
  // The product's version, and the release System Admin names when it says more.
  const release = session.releaseVersion && session.releaseVersion !== session.version;
  entries.push({
    kind: 'version',
    text: release
      ? `Version ${session.version} · Release ${session.releaseVersion}`
      : `Version ${session.version}`,
  });
  return entries;
}
