/** Each role in words, as the portal shows it (My Profile, the integrations in Settings). */
import type { Role } from '../../embed-sdk/contract/common.js';

export const ROLE_LABELS: Record<Role, string> = {
  VIEWDASHBOARD: 'View dashboard',
  VIEWPAYMENTREQUESTS: 'View payment requests',
  EDITPAYMENTREQUESTS: 'Edit payment requests',
  VIEWPAYMENTPLANS: 'View payment plans',
  EDITPAYMENTPLANS: 'Edit payment plans',
  VIEWMEMBERSHIPS: 'View memberships',
  EDITMEMBERSHIPS: 'Edit memberships',
  MANAGEMEMBERSHIPS: 'Manage memberships',
  VIEWINSURANCEREIMBURSEMENT: 'View reimbursements',
  PROCESSINSURANCEREIMBURSEMENT: 'Process reimbursements',
  VIEWINSURANCEPAYMENTS: 'View insurance payments',
  MANAGESETTINGS: 'Manage settings',
  PROCESSREFUND: 'Process refunds',
  PROCESSVOID: 'Process voids',
};
