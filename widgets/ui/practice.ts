/**
 * The current practice and what the signed-in person may do in it, as every capability reads them:
 * one SWR entry each (the keys every widget uses), so a page loads them once.
 */
import useSWR from 'swr';
import type { Role } from '../../embed-sdk/contract/common.js';
import { current } from '../../embed-sdk/contract/company.js';
import { useSdk } from '../runtime/SdkContext.js';
import { ONCE, valueOf } from './data.js';

export function useCurrentCompany() {
  const sdk = useSdk();
  return useSWR(['company/current'], () => valueOf(sdk.api.call(current)), ONCE);
}

export function useProfile() {
  const sdk = useSdk();
  return useSWR(['auth/profile'], () => sdk.auth.getProfile(), ONCE);
}

export interface CallerRoles {
  /** Both the practice and the profile are known (until then nothing is allowed). */
  known: boolean;
  isAdmin: boolean;
  /** Whether the person has the role in the current practice; an administrator has every role. */
  has: (role: Role) => boolean;
}

export function useCallerRoles(): CallerRoles {
  const practice = useCurrentCompany().data;
  const profile = useProfile().data;
  if (!practice || !profile) return { known: false, isAdmin: false, has: () => false };
  const roles = profile.practices.find((p) => p.id === practice.id)?.roles ?? [];
  return {
    known: true,
    isAdmin: profile.isAdmin,
    has: (role) => profile.isAdmin || roles.includes(role),
  };
}
