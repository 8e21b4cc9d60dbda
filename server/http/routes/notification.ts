/** The bell's company notifications and the user notification banner. */
import { and, desc, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/notification.js';
import {
  companyNotifications,
  customers,
  paymentPlans,
  userNotificationDismissals,
  userNotifications,
  users,
} from '../../db/schema/index.js';
import type { Caller } from '../caller.js';
import { ForbiddenError } from '../../errors.js';
import { defineRoute, practiceOf } from '../route.js';

const BELL_LIMIT = 50;

function userIdOf(caller: Caller): number {
  if (caller.userId === null) throw new ForbiddenError('Notifications belong to a signed-in person.');
  return caller.userId;
}

export const notificationRoutes = [
  defineRoute(contract.getLatestNotifications, { access: 'member' }, async ({ ctx, caller }) => {
    const companyId = practiceOf(caller);
    const rows = await ctx.db
      .select({
        n: companyNotifications,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(companyNotifications)
      .leftJoin(paymentPlans, eq(paymentPlans.id, companyNotifications.paymentPlanId))
      .leftJoin(customers, eq(customers.id, paymentPlans.customerId))
      .where(eq(companyNotifications.companyId, companyId))
      .orderBy(desc(companyNotifications.dateTime), desc(companyNotifications.id))
      .limit(BELL_LIMIT);
    let lastViewed: string | null = null;
    if (caller.userId !== null) {
      const [u] = await ctx.db
        .select({ at: users.companyNotificationsViewedAt })
        .from(users)
        .where(eq(users.id, caller.userId));
      lastViewed = u?.at?.toISOString() ?? null;
    }
    return {
      lastViewed,
      notifications: rows.map(({ n, firstName, lastName }) => ({
        id: n.id,
        type: n.type,
        dateTime: n.dateTime.toISOString(),
        dateTimeConverted: n.dateTime.toISOString(),
        paymentPlanId: n.paymentPlanId,
        customerMembershipBillingId: n.customerMembershipBillingId,
        amountDue: n.amountDue,
        yearlyExpDays: n.yearlyExpDays,
        firstName: firstName ?? null,
        lastName: lastName ?? null,
      })),
    };
  }),

  defineRoute(contract.viewedCompanyNotification, { access: 'member' }, async ({ ctx, caller }) => {
    const now = ctx.clock.now();
    await ctx.db
      .update(users)
      .set({ companyNotificationsViewedAt: now })
      .where(eq(users.id, userIdOf(caller)));
    return { dateTime: now.toISOString() };
  }),

  defineRoute(contract.getLastUserNotification, { access: 'signedIn' }, async ({ ctx, caller }) => {
    const userId = userIdOf(caller);
    const [row] = await ctx.db
      .select()
      .from(userNotifications)
      .where(
        and(
          or(isNull(userNotifications.userId), eq(userNotifications.userId, userId)),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(userNotificationDismissals)
              .where(
                and(
                  eq(userNotificationDismissals.userId, userId),
                  eq(userNotificationDismissals.userNotificationId, userNotifications.id),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(userNotifications.created), desc(userNotifications.id))
      .limit(1);
    return {
      notification: row
        ? {
            id: row.id,
            type: row.type as 'info' | 'success' | 'warning' | 'error',
            icon: row.icon,
            created: row.created.toISOString(),
            title: row.title,
            text: row.text,
            fullyQualifiedUrl: row.fullyQualifiedUrl,
          }
        : null,
    };
  }),

  defineRoute(contract.updateUserNotificationDate, { access: 'signedIn' }, async ({ ctx, caller, body }) => {
    const userId = userIdOf(caller);
    let id = body.id ?? null;
    if (id === null) {
      const [row] = await ctx.db
        .select({ id: userNotifications.id })
        .from(userNotifications)
        .where(or(isNull(userNotifications.userId), eq(userNotifications.userId, userId)))
        .orderBy(desc(userNotifications.created), desc(userNotifications.id))
        .limit(1);
      id = row?.id ?? null;
    } else {
      const [row] = await ctx.db
        .select({ id: userNotifications.id })
        .from(userNotifications)
        .where(
          and(
            eq(userNotifications.id, id),
            or(isNull(userNotifications.userId), eq(userNotifications.userId, userId)),
          ),
        );
      id = row?.id ?? null;
    }
    if (id !== null) {
      await ctx.db
        .insert(userNotificationDismissals)
        .values({ userId, userNotificationId: id, dismissedAt: ctx.clock.now() })
        .onConflictDoNothing();
    }
    return { dismissed: id };
  }),
];
