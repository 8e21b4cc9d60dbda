/** Who may see a payment request's link (to copy it for the patient). Pure. */
import type { Role } from '../../../embed-sdk/contract/common.js';

/** The staff who may send and remind may also copy the link; viewers see the request without it. */
export function mayCopyLink(roles: ReadonlySet<Role>): boolean {
  return roles.has('EDITPAYMENTREQUESTS');
}
