/**
 * Settings › Patient messages (MANAGESETTINGS): the current practice's wording of each kind of
 * patient message, saving one kind's and restoring its default. Each change is audited.
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/messageTemplates.js';
import {
  messageTemplatesOf,
  restoreMessageTemplate,
  saveMessageTemplate,
} from '../../settings/messageTemplates.js';
import { defineRoute, practiceOf } from '../route.js';
import { actorOf } from './admin.js';

const managing = { access: { anyRole: ['MANAGESETTINGS'] as Role[] } };

export const messageTemplateRoutes = [
  defineRoute(contract.messageTemplates, managing, async ({ ctx, caller }) => ({
    templates: await messageTemplatesOf(ctx.db, practiceOf(caller)),
  })),

  defineRoute(contract.saveMessageTemplate, managing, async ({ ctx, caller, body }) =>
    saveMessageTemplate(ctx.db, actorOf(caller), practiceOf(caller), body, ctx.clock.now()),
  ),

  defineRoute(contract.restoreMessageTemplate, managing, async ({ ctx, caller, body }) =>
    restoreMessageTemplate(ctx.db, actorOf(caller), practiceOf(caller), body.kind, ctx.clock.now()),
  ),
];
