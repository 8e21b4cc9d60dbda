/**
 * The current practice and what the signed-in person may do in it, as every capability reads them:
 * one SWR entry each (the keys every widget uses), so a page loads them once.
 */
import useSWR from 'swr';
import type { Role } from '../../embed-sdk/contract/common.js';
import { current, type CurrentCompany } from '../../embed-sdk/contract/company.js';
import { useSdk } from '../runtime/SdkContext.js';
import { ONCE, valueOf } from './data.js';

export function useCurrentCompany() {
  const sdk = useSdk();
  return useSWR(['company/current'], () => valueOf(sdk.api.call(current)), ONCE);
}

/**
 * The caller's access in the current practice, in the shape of a profile's (`isAdmin`, roles per
 * practice), from the server's answer rather than the token's claims: a role given or taken by an
 * administrator holds from the next read, not from the next sign-in. Null until the practice is known.
 */
export function accessOf(practice: CurrentCompany | undefined) {
  if (!practice) return null;
  return { isAdmin: practice.you.isAdmin, practices: [{ id: practice.id, roles: practice.you.roles }] };
}

export interface CallerRoles {
  /** The practice is known (until then nothing is allowed). */
  known: boolean;
  isAdmin: boolean;
  /** Whether the person has the role in the current practice; an administrator has every role. */
  has: (role: Role) => boolean;
}

export function useCallerRoles(): CallerRoles {
  const practice = useCurrentCompany().data;
  if (!practice) return { known: false, isAdmin: false, has: () => false };
  const { isAdmin, roles } = practice.you;
  return { known: true, isAdmin, has: (role) => isAdmin || roles.includes(role) };
}
