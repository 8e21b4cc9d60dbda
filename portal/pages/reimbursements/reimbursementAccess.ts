/**
 * Who may open what of the reimbursements (spec section 6, Open Dental practices only): the list and
 * its sidebar item for VIEWINSURANCEREIMBURSEMENT or PROCESSINSURANCEREIMBURSEMENT; a new one for
 * PROCESSINSURANCEREIMBURSEMENT; one reimbursement's details for those, and for VIEWINSURANCEPAYMENTS
 * (an INSURANCE transaction's source link).
 */
import {
  REIMBURSEMENT_DETAIL_ROLES,
  REIMBURSEMENT_PROCESS_ROLES,
} from '../../../embed-sdk/contract/insurance.js';
import { hasAnyRole, type Session } from '../../session/session.js';

export { canSeeReimbursements } from '../../shell/sidebar/sidebarItems.js';

type Who = Pick<Session, 'gatewayCode' | 'roles'>;

export function canProcessReimbursements(session: Who): boolean {
  return session.gatewayCode === 'OPENDENTAL' && hasAnyRole(session, REIMBURSEMENT_PROCESS_ROLES);
}

export function canOpenReimbursement(session: Who): boolean {
  return session.gatewayCode === 'OPENDENTAL' && hasAnyRole(session, REIMBURSEMENT_DETAIL_ROLES);
}

export const NO_REIMBURSEMENTS =
  'Reimbursements are available for Open Dental practices, to users who may view or process insurance reimbursements.';
export const NO_NEW_REIMBURSEMENT =
  'New reimbursements are entered in Open Dental practices, by users who may process insurance reimbursements.';
export const NO_REIMBURSEMENT_DETAILS =
  'Reimbursement details are available for Open Dental practices, to users who may view insurance payments or reimbursements.';
