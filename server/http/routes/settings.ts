/**
 * The practice's settings (MANAGESETTINGS): its embed origins, its practice-system integrations, how
 * long its patient links work and its credit-card surcharge. Each call reads and changes the caller's
 * current practice only: another practice's origin or integration answers as if it did not exist.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/settings.js';
import * as practice from '../../../embed-sdk/contract/practiceSettings.js';
import { addOrigin, listOrigins, removeOrigin } from '../../settings/embedOrigins.js';
import { listIntegrations, setIntegrationRoles } from '../../settings/integrations.js';
import { linkExpiryOf, saveLinkExpiry } from '../../settings/linkExpiry.js';
import { saveSurcharging, surchargingOf } from '../../settings/surcharging.js';
import { BusinessError, NotFoundError } from '../../errors.js';
import { defineRoute, practiceOf } from '../route.js';
import { listAudit } from '../../admin/audit.js';
import { changePractice, practiceSettingsOf } from '../../practices/settings.js';
import { actorOf } from './admin.js';

/**
 * The audit log's entries that are the practice's settings: Settings' sections, and the admin area's
 * changes to the practice's profile and gateway.
 */
export const SETTINGS_ACTIONS = ['settings.*', 'company.update', 'gateway.update'] as const;

const managing = { access: { anyRole: ['MANAGESETTINGS'] as Role[] } };

export const settingsRoutes = [
  defineRoute(contract.embedOrigins, managing, async ({ ctx, caller }) => ({
    origins: await listOrigins(ctx.db, practiceOf(caller)),
  })),

  defineRoute(contract.addEmbedOrigin, managing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    if (!(await addOrigin(ctx.db, actorOf(caller), companyId, body.origin, ctx.clock.now()))) {
      throw new BusinessError(`A practice may list at most ${contract.MAX_EMBED_ORIGINS} embed origins.`);
    }
    ctx.embedOrigins.changed();
    return { origins: await listOrigins(ctx.db, companyId) };
  }),

  defineRoute(contract.removeEmbedOrigin, managing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    if (!(await removeOrigin(ctx.db, actorOf(caller), companyId, body.origin, ctx.clock.now())))
      throw new NotFoundError('The embed origin');
    ctx.embedOrigins.changed();
    return { origins: await listOrigins(ctx.db, companyId) };
  }),

  defineRoute(contract.integrations, managing, async ({ ctx, caller }) => ({
    integrations: await listIntegrations(ctx.db, practiceOf(caller)),
  })),

  defineRoute(contract.setIntegrationRoles, managing, async ({ ctx, caller, body }) => {
    const updated = await setIntegrationRoles(
      ctx.db,
      actorOf(caller),
      practiceOf(caller),
      body.clientId,
      body.roles,
      ctx.clock.now(),
    );
    if (!updated) throw new NotFoundError('The integration');
    return updated;
  }),

  defineRoute(contract.linkExpiry, managing, async ({ ctx, caller }) =>
    linkExpiryOf(ctx.db, practiceOf(caller)),
  ),

  defineRoute(contract.saveLinkExpiry, managing, async ({ ctx, caller, body }) =>
    saveLinkExpiry(ctx.db, actorOf(caller), practiceOf(caller), body, ctx.clock.now()),
  ),

  defineRoute(practice.practiceSettings, managing, async ({ ctx, caller }) =>
    practiceSettingsOf(ctx, practiceOf(caller)),
  ),

  defineRoute(practice.savePracticeDetails, managing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await changePractice(ctx, actorOf(caller), companyId, body, {
      action: 'settings.practice',
      targetType: 'settings',
      targetId: 'practice',
    });
    return practiceSettingsOf(ctx, companyId);
  }),

  defineRoute(practice.saveAllocationAndMemberships, managing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await changePractice(
      ctx,
      actorOf(caller),
      companyId,
      { doesAllocateProcedures: body.doesAllocateProcedures, membershipDays: Number(body.membershipDays) },
      { action: 'settings.allocation', targetType: 'settings', targetId: 'allocation' },
    );
    return practiceSettingsOf(ctx, companyId);
  }),

  defineRoute(practice.settingsChanges, managing, async ({ ctx, caller, query }) =>
    listAudit(ctx.db, { companyId: practiceOf(caller), actions: SETTINGS_ACTIONS }, Number(query.page)),
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
