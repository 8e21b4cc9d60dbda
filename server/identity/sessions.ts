/**
 * A signed-in person's session in the portal: who they are, the practices they may enter (every one
 * for an administrator) and the one they work in, with its settings; entering another practice; the
 * terms of service accepted.
 */
import type * as contract from '../../embed-sdk/contract/auth.js';
import type { Role } from '../../embed-sdk/contract/common.js';
import { hasSurchargeInEffect } from '../../embed-sdk/rules/surcharge.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { everyPractice, practiceExists, practicesNamed } from '../practices/store.js';
import { readPlatformSettings } from '../admin/platform/settings.js';
import { VERSION } from '../version.js';
import { termsInForce } from '../admin/platform/terms.js';
import { findUser, updateUser } from './users.js';

/** Who is asking: the caller's identity as the access check settled it. */
export interface SessionCaller {
  userId: number;
  isAdmin: boolean;
  roles: ReadonlySet<Role>;
  practices: readonly { id: number; roles: Role[] }[];
  termsAccepted: boolean;
}

export async function sessionValue(
  ctx: AppContext,
  caller: SessionCaller,
  companyId: number | null,
): Promise<contract.LoginValue> {
  const user = await findUser(ctx.db, caller.userId);
  if (!user) throw new ForbiddenError('This account no longer exists.');
  const memberIds = caller.practices.map((p) => p.id);
  const list = caller.isAdmin ? await everyPractice(ctx.db) : await practicesNamed(ctx.db, memberIds);
  // The admin's list is every practice; the companies list in the session is the ones they belong to.
  const mine = list.filter((c) => memberIds.includes(c.id));
  const current = list.find((c) => c.id === companyId) ?? mine[0] ?? null;
  if (!current) throw new ForbiddenError('You do not belong to any practice.');
  const member = caller.practices.find((p) => p.id === current.id);
  const roles: Role[] = caller.isAdmin ? [...caller.roles] : (member?.roles ?? []);
  const platform = await readPlatformSettings(ctx.db);
  return {
    userFirstLastName: `${user.firstName} ${user.lastName}`,
    userEmail: user.email,
    userId: user.id,
    userPhone: user.phone,
    companyId: current.id,
    gatewayCode: current.gatewayCode as contract.LoginValue['gatewayCode'],
    businessId: current.businessId,
    // Whether its patients are surcharged: on, at a rate above 0 that its state allows.
    hasSurcharging: hasSurchargeInEffect(current),
    appId: current.appId,
    poyntStoreId: current.storeId,
    releaseVersion: platform.releaseVersion,
    version: VERSION,
    doesAllocateProcedures: current.doesAllocateProcedures,
    membershipDays: current.membershipDays,
    companyName: current.name,
    companies: mine.map((c) => ({ id: c.id, name: c.name, gatewayCode: c.gatewayCode as never })),
    isAdmin: user.isAdmin,
    companyPhone: current.phone,
    bccOnSystemEmail: current.bccEmail !== null,
    termsOfService: caller.termsAccepted,
    companyNotificationsViewed: user.companyNotificationsViewedAt?.toISOString() ?? null,
    roles,
    supportLink: platform.supportLink,
    maintenanceBanner: platform.maintenanceBanner || null,
  };
}

/** The practice the person works in from now on (their next token's current practice). */
export async function setCurrentPractice(ctx: AppContext, userId: number, companyId: number) {
  await updateUser(ctx.db, userId, { currentCompanyId: companyId });
  ctx.accounts.forget(userId);
}

/**
 * Enters a practice (one the person belongs to, any for an administrator); 404 for one that does not
 * exist. `alsoWrite` writes what must go with the change, in its transaction (an administrator's
 * entry in the audit log).
 */
export async function enterPractice(
  ctx: AppContext,
  caller: SessionCaller,
  companyId: number,
  alsoWrite?: (tx: Tx) => Promise<void>,
) {
  if (!(await practiceExists(ctx.db, companyId))) throw new NotFoundError('The practice');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, caller.userId, { currentCompanyId: companyId });
    await alsoWrite?.(tx);
  });
  ctx.accounts.forget(caller.userId);
  return sessionValue(ctx, caller, companyId);
}

/** Records that the person accepted the terms in force (the version they read). */
export async function acceptTerms(ctx: AppContext, userId: number) {
  const acceptedAt = ctx.clock.now();
  const { version } = await termsInForce(ctx.db);
  await updateUser(ctx.db, userId, { termsAcceptedAt: acceptedAt, termsAcceptedVersion: version });
  ctx.accounts.forget(userId);
  return acceptedAt;
}
