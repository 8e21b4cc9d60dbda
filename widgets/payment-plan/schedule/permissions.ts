/**
 * What the signed-in person may do on a payment plan in the current practice (part 1 section 6,
 * part 2 section 6): EDITPAYMENTPLANS edits the schedule, processes now, skips and removes or moves
 * ledger items; PROCESSREFUND refunds cash, checks and settled card payments; PROCESSVOID voids
 * unsettled ones. An administrator may do everything. A viewer sees the tables without menus.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';

export interface PlanPermissions {
  canEdit: boolean;
  canRefund: boolean;
  canVoid: boolean;
}

export const NO_PERMISSIONS: PlanPermissions = { canEdit: false, canRefund: false, canVoid: false };

interface Profile {
  isAdmin: boolean;
  practices: readonly { id: number; roles: readonly Role[] }[];
}

/** Until both the profile and the practice are known, nothing is allowed (no menu flashes in). */
export function permissionsOf(
  profile: Profile | null | undefined,
  practiceId: number | undefined,
): PlanPermissions {
  if (!profile || practiceId === undefined) return NO_PERMISSIONS;
  if (profile.isAdmin) return { canEdit: true, canRefund: true, canVoid: true };
  const roles = profile.practices.find((p) => p.id === practiceId)?.roles ?? [];
  return {
    canEdit: roles.includes('EDITPAYMENTPLANS'),
    canRefund: roles.includes('PROCESSREFUND'),
    canVoid: roles.includes('PROCESSVOID'),
  };
}
