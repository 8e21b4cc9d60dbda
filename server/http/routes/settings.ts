/**
 * The practice's settings (MANAGESETTINGS): its embed origins, its practice-system integrations, how
 * long its patient links work and its credit-card surcharge. Each call reads and changes the caller's
 * current practice only: another practice's origin or integration answers as if it did not exist.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/settings.js';
import { addOrigin, listOrigins, removeOrigin } from '../../settings/embedOrigins.js';
import { listIntegrations, setIntegrationRoles } from '../../settings/integrations.js';
import { linkExpiryOf, saveLinkExpiry } from '../../settings/linkExpiry.js';
import { saveSurcharging, surchargingOf } from '../../settings/surcharging.js';
import { BusinessError, NotFoundError } from '../../errors.js';
import { defineRoute, practiceOf } from '../route.js';
import { actorOf } from './admin.js';

const managing = { access: { anyRole: ['MANAGESETTINGS'] as Role[] } };

export const settingsRoutes = [
  defineRoute(contract.embedOrigins, managing, async ({ ctx, caller }) => ({
    origins: await listOrigins(ctx.db, practiceOf(caller)),
  })),

  defineRoute(contract.addEmbedOrigin, managing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    if (!(await addOrigin(ctx.db, companyId, body.origin, ctx.clock.now()))) {
      throw new BusinessError(`A practice may list at most ${contract.MAX_EMBED_ORIGINS} embed origins.`);
    }
    ctx.embedOrigins.changed();
    return { origins: await listOrigins(ctx.db, companyId) };
  }),

  defineRoute(contract.removeEmbedOrigin, managing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    if (!(await removeOrigin(ctx.db, companyId, body.origin))) throw new NotFoundError('The embed origin');
    ctx.embedOrigins.changed();
    return { origins: await listOrigins(ctx.db, companyId) };
  }),

  defineRoute(contract.integrations, managing, async ({ ctx, caller }) => ({
    integrations: await listIntegrations(ctx.db, practiceOf(caller)),
  })),

  defineRoute(contract.setIntegrationRoles, managing, async ({ ctx, caller, body }) => {
    const updated = await setIntegrationRoles(ctx.db, practiceOf(caller), body.clientId, body.roles);
    if (!updated) throw new NotFoundError('The integration');
    return updated;
  }),

  defineRoute(contract.linkExpiry, managing, async ({ ctx, caller }) =>
    linkExpiryOf(ctx.db, practiceOf(caller)),
  ),

  defineRoute(contract.saveLinkExpiry, managing, async ({ ctx, caller, body }) =>
    saveLinkExpiry(ctx.db, practiceOf(caller), body, ctx.clock.now()),
  ),

  defineRoute(contract.surcharging, managing, async ({ ctx, caller }) => {
    const settings = await surchargingOf(ctx.db, practiceOf(caller));
    if (!settings) throw new NotFoundError('The practice');
    return settings;
  }),

  defineRoute(contract.saveSurcharging, managing, async ({ ctx, caller, body }) =>
    saveSurcharging(ctx, actorOf(caller), practiceOf(caller), body),
  ),
];
