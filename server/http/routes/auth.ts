/** POST /api/auth/login, login-company, loginFromCompany; the terms of service. */
import { asc, eq, inArray } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/auth.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import type { AppContext } from '../../context.js';
import { companies, users } from '../../db/schema/index.js';
import { VERSION, RELEASE_VERSION } from '../../version.js';
import type { Caller } from '../caller.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { defineRoute } from '../route.js';
import { TERMS_OF_SERVICE, TERMS_VERSION } from './terms.js';

async function sessionValue(ctx: AppContext, caller: Caller, companyId: number | null) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.userId!));
  if (!user) throw new ForbiddenError('This account no longer exists.');
  const memberIds = caller.practices.map((p) => p.id);
  const list = caller.isAdmin
    ? await ctx.db.select().from(companies).orderBy(asc(companies.name))
    : memberIds.length
      ? await ctx.db
          .select()
          .from(companies)
          .where(inArray(companies.id, memberIds))
          .orderBy(asc(companies.name))
      : [];
  // The admin's list is every practice; the companies list in the session is the ones they belong to.
  const mine = list.filter((c) => memberIds.includes(c.id));
  const current = list.find((c) => c.id === companyId) ?? mine[0] ?? null;
  if (!current) throw new ForbiddenError('You do not belong to any practice.');
  const member = caller.practices.find((p) => p.id === current.id);
  const roles: Role[] = caller.isAdmin ? [...caller.roles] : (member?.roles ?? []);
  return {
    userFirstLastName: `${user.firstName} ${user.lastName}`,
    userEmail: user.email,
    userId: user.id,
    userPhone: user.phone,
    companyId: current.id,
    gatewayCode: current.gatewayCode as contract.LoginValue['gatewayCode'],
    businessId: current.businessId,
    hasSurcharging: current.hasSurcharging,
    appId: current.appId,
    poyntStoreId: current.storeId,
    releaseVersion: RELEASE_VERSION,
    version: VERSION,
    doesAllocateProcedures: current.doesAllocateProcedures,
    membershipDays: current.membershipDays,
    companyName: current.name,
    companies: mine.map((c) => ({ id: c.id, name: c.name, gatewayCode: c.gatewayCode as never })),
    isAdmin: user.isAdmin,
    companyPhone: current.phone,
    bccOnSystemEmail: current.bccOnSystemEmail,
    termsOfService: user.termsAcceptedAt !== null,
    companyNotificationsViewed: user.companyNotificationsViewedAt?.toISOString() ?? null,
    roles,
  };
}

async function setCurrentPractice(ctx: AppContext, userId: number, companyId: number) {
  await ctx.db.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, userId));
  ctx.practices.forget(userId);
}

function requireUser(caller: Caller): asserts caller is Caller & { userId: number } {
  if (caller.kind !== 'user' || caller.userId === null) {
    throw new ForbiddenError('Only a signed-in person can start a session.');
  }
}

export const authRoutes = [
  defineRoute(contract.login, { access: 'signedIn', beforeTerms: true }, async ({ ctx, caller }) => {
    requireUser(caller);
    const value = await sessionValue(ctx, caller, caller.companyId);
    if (value.companyId !== caller.companyId) await setCurrentPractice(ctx, caller.userId, value.companyId);
    return value;
  }),

  defineRoute(contract.loginCompany, { access: 'signedIn' }, async ({ ctx, caller, body }) => {
    requireUser(caller);
    const member = caller.practices.some((p) => p.id === body.companyId);
    if (!member && !caller.isAdmin) throw new NotFoundError('The practice');
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, body.companyId));
    if (!company) throw new NotFoundError('The practice');
    await setCurrentPractice(ctx, caller.userId, company.id);
    return sessionValue(ctx, caller, company.id);
  }),

  defineRoute(contract.loginFromCompany, { access: 'admin' }, async ({ ctx, caller, body }) => {
    requireUser(caller);
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, body.id));
    if (!company) throw new NotFoundError('The practice');
    await setCurrentPractice(ctx, caller.userId, company.id);
    return sessionValue(ctx, caller, company.id);
  }),

  defineRoute(contract.termsOfService, { access: 'signedIn', beforeTerms: true }, async () => ({
    version: TERMS_VERSION,
    text: TERMS_OF_SERVICE,
  })),

  defineRoute(
    contract.acceptTermsOfService,
    { access: 'signedIn', beforeTerms: true },
    async ({ ctx, caller }) => {
      requireUser(caller);
      const acceptedAt = ctx.clock.now();
      await ctx.db.update(users).set({ termsAcceptedAt: acceptedAt }).where(eq(users.id, caller.userId));
      return { termsOfService: true as const, acceptedAt: acceptedAt.toISOString() };
    },
  ),
];
