/**
 * What the example practice-system add-on (examples/practice-addon/) is made of, on the sandbox:
 *
 * - Bright Smiles Dental's integration with it: a confidential OAuth client of the practice, seeded
 *   with the demo data. Its backend holds the client secret (below, documented: it is a demo) and
 *   exchanges it for short-lived tokens carrying the roles the practice granted it (Settings).
 * - The practice system's own demo user, who signs in to the host page before the add-on asks for a
 *   token. It is the practice system's account, not a Chairside one.
 */
import type { Role } from '../../embed-sdk/contract/common.js';

export const DEMO_INTEGRATION = {
  clientId: 'practice-addon-demo',
  secret: 'practice-addon-demo-secret',
  name: 'Open Dental add-on (demo)',
  /** Bright Smiles Dental. */
  companyId: 1,
  roles: ['VIEWPAYMENTREQUESTS', 'EDITPAYMENTREQUESTS', 'VIEWPAYMENTPLANS', 'VIEWMEMBERSHIPS'] as Role[],
} as const;

export const HOST_DEMO_USER = {
  userName: 'reception',
  password: 'demo',
  name: 'Rita Reception',
  practiceName: 'Bright Smiles Dental',
} as const;
