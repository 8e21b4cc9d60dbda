/** POST /api/auth/login, login-company, loginFromCompany; the terms of service. */
import * as contract from '../../../embed-sdk/contract/auth.js';
import { logInAsPractice } from '../../admin/companies/logInAs.js';
import { termsInForce } from '../../admin/platform/terms.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { acceptTerms, enterPractice, sessionValue, setCurrentPractice } from '../../identity/sessions.js';
import type { Caller } from '../caller.js';
import { defineRoute } from '../route.js';
import { actorOf } from './admin.js';

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
    return enterPractice(ctx, caller, body.companyId);
  }),

  defineRoute(contract.loginFromCompany, { access: 'admin' }, async ({ ctx, caller, body }) => {
    requireUser(caller);
    return logInAsPractice(ctx, caller, actorOf(caller), body.id);
  }),

  defineRoute(contract.termsOfService, { access: 'signedIn', beforeTerms: true }, async ({ ctx }) => {
    const { version, text } = await termsInForce(ctx.db);
    return { version, text };
  }),

  defineRoute(
    contract.acceptTermsOfService,
    { access: 'signedIn', beforeTerms: true },
    async ({ ctx, caller }) => {
      requireUser(caller);
      const acceptedAt = await acceptTerms(ctx, caller.userId);
      return { termsOfService: true as const, acceptedAt: acceptedAt.toISOString() };
    },
  ),
];
