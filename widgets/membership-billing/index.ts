/**
 * The membership billing's public face: what the portal and the loader's build may use of this
 * capability. <chairside-membership-billing> is `membershipBillingDefinition` (its code is
 * element.ts). The portal places the 'Membership for {name}' modal, loading on demand, and hands it
 * the transactions' Refund / Void form (`refundVoidForm`); it places New Membership, loading on
 * demand, and hands it the stored cards' selector; Membership Administration edits the plan
 * catalogue that New Membership offers (`usePlanCatalogue`).
 */
export { membershipBillingDefinition } from './definition.js';
export { LazyMembershipBilling, preloadMembershipBilling } from './LazyMembershipBilling.js';
export type { MembershipBillingProps } from './MembershipBilling.js';
export {
  LazyNewMembershipDialog,
  preloadNewMembershipDialog,
} from './new-membership/LazyNewMembershipDialog.js';
export type { NewMembershipDialogProps } from './new-membership/NewMembershipDialog.js';
export { usePlanCatalogue } from './usePlanCatalogue.js';
