/**
 * The sidebar's items and the rule for each (spec part 1, section 2, and the roles of section 6).
 * Transactions are always there; Reimbursements only for Open Dental practices, to users who may
 * view or process insurance reimbursements. Reports (a route of the spec's main shell that its table
 * leaves out) go with the dashboard: the same figures over any period, for the same role.
 */
import type { GatewayCode, Role } from '../../../embed-sdk/contract/common.js';
import { hasAnyRole, hasRole, type Session } from '../../session/session.js';

export type SidebarItemKey =
  | 'dashboard'
  | 'reports'
  | 'transactions'
  | 'paymentRequests'
  | 'paymentPlans'
  | 'memberships'
  | 'reimbursements';

export interface SidebarItem {
  key: SidebarItemKey;
  label: string;
  path: string;
}

export const REIMBURSEMENT_ROLES: readonly Role[] = [
  'VIEWINSURANCEREIMBURSEMENT',
  'PROCESSINSURANCEREIMBURSEMENT',
];

/** Whether the practice and the user may see reimbursements (the sidebar item and its screens). */
export function canSeeReimbursements(session: { gatewayCode: GatewayCode; roles: Role[] }): boolean {
  return session.gatewayCode === 'OPENDENTAL' && hasAnyRole(session, REIMBURSEMENT_ROLES);
}

const ITEMS: readonly (SidebarItem & { shown: (s: Pick<Session, 'gatewayCode' | 'roles'>) => boolean })[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', shown: (s) => hasRole(s, 'VIEWDASHBOARD') },
  { key: 'reports', label: 'Reports', path: '/reports', shown: (s) => hasRole(s, 'VIEWDASHBOARD') },
  { key: 'transactions', label: 'Transactions', path: '/transactions', shown: () => true },
  {
    key: 'paymentRequests',
    label: 'Payment Requests',
    path: '/notifications',
    shown: (s) => hasRole(s, 'VIEWPAYMENTREQUESTS'),
  },
  {
    key: 'paymentPlans',
    label: 'Payment Plans',
    path: '/paymentplans',
    shown: (s) => hasRole(s, 'VIEWPAYMENTPLANS'),
  },
  {
    key: 'memberships',
    label: 'Memberships',
    path: '/customermembershipbillings',
    shown: (s) => hasRole(s, 'VIEWMEMBERSHIPS'),
  },
  { key: 'reimbursements', label: 'Reimbursements', path: '/insurance', shown: canSeeReimbursements },
];

export function sidebarItems(session: Pick<Session, 'gatewayCode' | 'roles'>): SidebarItem[] {
  return ITEMS.filter((item) => item.shown(session)).map(({ key, label, path }) => ({ key, label, path }));
}

/** Screens that belong to an item without being its own path (a new reimbursement is entered on insurancepayment). */
const ALSO_UNDER: Record<string, SidebarItemKey> = { insurancepayment: 'reimbursements' };

/** The item the route belongs to, or undefined (the patient page, My Profile…). */
export function activeSidebarItem(pathname: string): SidebarItemKey | undefined {
  const first = pathname.split('/').filter(Boolean)[0]?.toLowerCase();
  if (!first) return undefined;
  const item = ITEMS.find((i) => i.path.slice(1).toLowerCase() === first);
  return item?.key ?? ALSO_UNDER[first];
}
