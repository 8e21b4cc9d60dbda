/**
 * The reimbursements' public face: what the portal and the loader's build may use of this
 * capability. <chairside-reimbursements> is `reimbursementsDefinition` (its code is element.ts). The
 * portal places the list (its filter kept in the address with `filterFromParams` and
 * `paramsFromFilter`), Reimbursement Details (for an INSURANCE transaction's source link too) and the
 * new reimbursement's form.
 */
export { reimbursementsDefinition } from './definition.js';
export { Reimbursements, type ReimbursementsProps } from './Reimbursements.js';
export { ReimbursementDetails, type ReimbursementDetailsProps } from './details/ReimbursementDetails.js';
export { EMPTY_FILTER, filterFromParams, paramsFromFilter, type ReimbursementFilter } from './filter.js';
export { portalReimbursementLinks, type ReimbursementLinks } from './links.js';
export { NewReimbursement, type NewReimbursementProps } from './new/NewReimbursement.js';
