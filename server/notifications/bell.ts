/**
 * The bell's company notifications (each plan's and membership's with its patient's name) and the user
 * notification banner a person dismisses.
 */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { notificationsViewedAt, updateUser } from '../identity/users.js';
import { customerSummaries } from '../patients/store.js';
import { membershipCustomers } from '../memberships/store.js';
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
  const membershipIds = rows.flatMap((n) =>
    n.customerMembershipBillingId === null ? [] : [n.customerMembershipBillingId],
  );
  const [customerOfPlan, customerOfMembership] = await Promise.all([
    planCustomers(ctx.db, practice, planIds),
    membershipCustomers(ctx.db, practice, membershipIds),
  ]);
  const names = await customerSummaries(ctx.db, practice, [
    ...customerOfPlan.values(),
    ...customerOfMembership.values(),
  ]);
  const nameOfNotification = (n: {
    paymentPlanId: number | null;
    customerMembershipBillingId: number | null;
  }) => {
    const customerId =
      n.paymentPlanId !== null
        ? customerOfPlan.get(n.paymentPlanId)
        : n.customerMembershipBillingId !== null
          ? customerOfMembership.get(n.customerMembershipBillingId)
          : undefined;
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
      firstName: nameOfNotification(n)?.firstName ?? null,
      lastName: nameOfNotification(n)?.lastName ?? null,
      title: n.title,
      text: n.text,
    })),
  };
}

/** The person looked at the bell now. */
export async function bellViewed(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  await updateUser(ctx.db, userId, { companyNotificationsViewedAt: now });
  return now;
}

/** The person's banner; `practice` is their current practice (a practice's banners show only there). */
export async function currentUserNotification(ctx: AppContext, userId: number, practice: number | null) {
  const row = await lastUserNotification(ctx.db, userId, practice);
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
export async function dismissNotification(
  ctx: AppContext,
  userId: number,
  practice: number | null,
  id: number | null,
) {
  const found = await userNotificationFor(ctx.db, userId, practice, id);
  if (found !== null) await dismissUserNotification(ctx.db, userId, found, ctx.clock.now());
  return found;
}
