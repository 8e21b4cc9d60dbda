import { describe, expect, it } from 'vitest';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { SESSIONS } from '../../testing/portalFixtures.js';
import { activeSidebarItem, sidebarItems } from './sidebarItems.js';

const labels = (s: Parameters<typeof sidebarItems>[0]) => sidebarItems(s).map((i) => i.label);

describe('the sidebar by role and practice system', () => {
  it.each([
    [
      'admin at an Open Dental practice',
      SESSIONS.admin,
      [
        'Dashboard',
        'Reports',
        'Transactions',
        'Payment Requests',
        'Payment Plans',
        'Memberships',
        'Reimbursements',
      ],
    ],
    [
      'front desk (no insurance roles)',
      SESSIONS.frontdesk,
      ['Dashboard', 'Reports', 'Transactions', 'Payment Requests', 'Payment Plans', 'Memberships'],
    ],
    [
      'viewer at a Dentrix practice (insurance role, wrong system)',
      SESSIONS.viewer,
      ['Dashboard', 'Reports', 'Transactions', 'Payment Requests', 'Payment Plans', 'Memberships'],
    ],
  ])('%s', (_who, session, expected) => {
    expect(labels(session)).toEqual(expected);
  });

  it('always has Transactions, even with no roles', () => {
    expect(labels({ gatewayCode: 'OPENDENTAL', roles: [] })).toEqual(['Transactions']);
  });

  it.each<[string, Role[], string, boolean]>([
    ['view role, Open Dental', ['VIEWINSURANCEREIMBURSEMENT'], 'OPENDENTAL', true],
    ['process role, Open Dental', ['PROCESSINSURANCEREIMBURSEMENT'], 'OPENDENTAL', true],
    ['insurance payments role only', ['VIEWINSURANCEPAYMENTS'], 'OPENDENTAL', false],
    ['view role, Dentrix', ['VIEWINSURANCEREIMBURSEMENT'], 'DENTRIX', false],
    ['process role, Dentrix NH', ['PROCESSINSURANCEREIMBURSEMENT'], 'DENTRIXNH', false],
    ['view role, Eaglesoft', ['VIEWINSURANCEREIMBURSEMENT'], 'EAGLESOFT', false],
  ])('Reimbursements: %s → %s', (_case, roles, gatewayCode, shown) => {
    expect(labels({ gatewayCode: gatewayCode as never, roles }).includes('Reimbursements')).toBe(shown);
  });

  it.each([
    ['/dashboard', 'dashboard'],
    ['/reports/collections', 'reports'],
    ['/transactions', 'transactions'],
    ['/notifications', 'paymentRequests'],
    ['/paymentplans', 'paymentPlans'],
    ['/customermembershipbillings', 'memberships'],
    ['/insurance', 'reimbursements'],
    ['/insurancepayment', 'reimbursements'],
    ['/Customer/12', undefined],
    ['/userProfile', undefined],
    ['/', undefined],
  ])('the active item follows the route: %s → %s', (path, key) => {
    expect(activeSidebarItem(path)).toBe(key);
  });
});
