/**
 * The caller's plan permissions, from the same two reads every widget shares (the current practice
 * and the signed-in profile), so a page loads them once.
 */
import useSWR from 'swr';
import { current } from '../../../embed-sdk/contract/company.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { ONCE, valueOf } from '../../ui/data.js';
import { permissionsOf, type PlanPermissions } from './permissions.js';

export function usePlanPermissions(): PlanPermissions {
  const sdk = useSdk();
  const practice = useSWR(['company/current'], () => valueOf(sdk.api.call(current)), ONCE).data;
  const profile = useSWR(['auth/profile'], () => sdk.auth.getProfile(), ONCE).data;
  return permissionsOf(profile, practice?.id);
}
