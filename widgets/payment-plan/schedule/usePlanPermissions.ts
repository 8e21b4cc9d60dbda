/**
 * The caller's plan permissions, from the read every widget shares (the current practice, which says
 * what the caller may do in it), so a page loads it once.
 */
import { accessOf, useCurrentCompany } from '../../ui/practice.js';
import { permissionsOf, type PlanPermissions } from './permissions.js';

export function usePlanPermissions(): PlanPermissions {
  const practice = useCurrentCompany().data;
  return permissionsOf(accessOf(practice), practice?.id);
}
