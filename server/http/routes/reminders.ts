/**
 * Settings › Automatic reminders (MANAGESETTINGS): the current practice's schedule for reminding
 * patients of unpaid payment requests, and its quiet hours. Saving is audited (settings.reminders).
 */
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/reminders.js';
import { reminderScheduleOf, saveReminderSchedule } from '../../settings/reminderSchedule.js';
import { defineRoute, practiceOf } from '../route.js';
import { actorOf } from './admin.js';

const managing = { access: { anyRole: ['MANAGESETTINGS'] as Role[] } };

export const reminderRoutes = [
  defineRoute(contract.reminderSchedule, managing, async ({ ctx, caller }) =>
    reminderScheduleOf(ctx.db, practiceOf(caller)),
  ),

  defineRoute(contract.saveReminderSchedule, managing, async ({ ctx, caller, body }) =>
    saveReminderSchedule(ctx.db, practiceOf(caller), actorOf(caller), body, ctx.clock.now()),
  ),
];
