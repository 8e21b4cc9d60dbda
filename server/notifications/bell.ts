/**
 * The bell's company notifications (each past-due plan's with its patient's name) and the user
 * notification banner a person dismisses.
 */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { notificationsViewedAt, updateUser } from '../identity/users.js';
import { customerSummaries } from '../patients/store.js';
import { planCustomers } from '../payment-plans/store.js';
import {
  dismissUserNotification,
  lastUserNotification,
  latestNotifications,
  userNotificationFor,
} from './store.js';

const BELL_LIMIT = 50;

export async function bell(ctx: AppContext, practice: PracticeId, userId: number | null) {
  const rows = await latestNotifications(ctx.db, practice, BELL_LIMIT);
  const planIds = rows.flatMap((n) => (n.paymentPlanId === null ? [] : [n.paymentPlanId]));
  const customerOfPlan = await planCustomers(ctx.db, practice, planIds);
  const names = await customerSummaries(ctx.db, practice, [...customerOfPlan.values()]);
  const nameOf = (planId: number | null) => {
    const customerId = planId === null ? undefined : customerOfPlan.get(planId);
    return customerId === undefined ? undefined : names.get(customerId);
  };
  const lastViewed = userId === null ? null : await notificationsViewedAt(ctx.db, userId);
  return {
    lastViewed: lastViewed?.toISOString() ?? null,
    notifications: rows.map((n) => ({
      id: n.id,
      type: n.type,
      dateTime: n.dateTime.toISOString(),
      dateTimeConverted: n.dateTime.toISOString(),
      paymentPlanId: n.paymentPlanId,
      customerMembershipBillingId: n.customerMembershipBillingId,
      amountDue: n.amountDue,
      yearlyExpDays: n.yearlyExpDays,
      firstName: nameOf(n.paymentPlanId)?.firstName ?? null,
      lastName: nameOf(n.paymentPlanId)?.lastName ?? null,
    })),
  };
}

/** The person looked at the bell now. */
export async function bellViewed(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  await updateUser(ctx.db, userId, { companyNotificationsViewedAt: now });
  return now;
}

export async function currentUserNotification(ctx: AppContext, userId: number) {
  const row = await lastUserNotification(ctx.db, userId);
  return row
    ? {
        id: row.id,
        type: row.type as 'info' | 'success' | 'warning' | 'error',
        icon: row.icon,
        created: row.created.toISOString(),
        title: row.title,
        text: row.text,
        fullyQualifiedUrl: row.fullyQualifiedUrl,
      }
    : null;
}

/** Dismisses the given notification of the person's (or, without an id, their newest); the id dismissed. */
export async function dismissNotification(ctx: AppContext, userId: number, id: number | null) {
  const found = await userNotificationFor(ctx.db, userId, id);
  if (found !== null) await dismissUserNotification(ctx.db, userId, found, ctx.clock.now());
  return found;
}
