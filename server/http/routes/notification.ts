/** The bell's company notifications and the user notification banner (server/notifications/). */
import * as contract from '../../../embed-sdk/contract/notification.js';
import { ForbiddenError } from '../../errors.js';
import { bell, bellViewed, currentUserNotification, dismissNotification } from '../../notifications/bell.js';
import type { Caller } from '../caller.js';
import { defineRoute, practiceOf } from '../route.js';

function userIdOf(caller: Caller): number {
  if (caller.userId === null) throw new ForbiddenError('Notifications belong to a signed-in person.');
  return caller.userId;
}

export const notificationRoutes = [
  defineRoute(contract.getLatestNotifications, { access: 'member' }, async ({ ctx, caller }) =>
    bell(ctx, practiceOf(caller), caller.userId),
  ),

  defineRoute(contract.viewedCompanyNotification, { access: 'member' }, async ({ ctx, caller }) => {
    const at = await bellViewed(ctx, userIdOf(caller));
    return { dateTime: at.toISOString() };
  }),

  defineRoute(contract.getLastUserNotification, { access: 'signedIn' }, async ({ ctx, caller }) => ({
    notification: await currentUserNotification(ctx, userIdOf(caller), caller.companyId),
  })),

  defineRoute(contract.updateUserNotificationDate, { access: 'signedIn' }, async ({ ctx, caller, body }) => ({
    dismissed: await dismissNotification(ctx, userIdOf(caller), caller.companyId, body.id ?? null),
  })),
];
