/**
 * The bell's company notifications and the user-notification banner.
 *
 * A past-due notification is raised when a plan's cycle is declined (with the past-due amount right
 * after it), and the morning sweep at 07:00 repeats it for every plan still past due whose
 * notifications are not paused; so the bell always has something from the last 24 hours.
 */
import type { Db } from '../client.js';
import { companyNotifications, userNotificationDismissals, userNotifications } from '../schema/index.js';
import type { SeededPlan } from './paymentPlans.js';
import type { SeedTime } from './random.js';

export const WHATS_NEW = {
  title: 'Text-to-pay reminders are here',
  text: 'You can now remind a patient about an unpaid payment request with one click. Open the request and choose Send Reminder.',
  fullyQualifiedUrl: 'https://chairside.test/whats-new',
} as const;

export const DISMISSED_NOTICE = {
  title: 'Scheduled maintenance on Sunday night',
  text: 'Chairside will be unavailable for about 30 minutes from 11:00 PM Central while we upgrade our servers.',
} as const;

const SWEEP_HOUR = 7;

export async function seedCompanyNotifications(db: Db, time: SeedTime, plans: SeededPlan[]) {
  const sweepToday = time.at(time.today, SWEEP_HOUR);
  const sweep = sweepToday <= time.now ? sweepToday : time.at(time.daysAgo(1), SWEEP_HOUR);
  const rows: (typeof companyNotifications.$inferInsert)[] = [];
  for (const [index, plan] of plans.entries()) {
    for (const decline of plan.declines) {
      rows.push({
        companyId: plan.companyId,
        type: 'PAYMENTPLAN_PASTDUE',
        paymentPlanId: plan.id,
        amountDue: decline.pastDue,
        dateTime: new Date(Math.min(decline.at.getTime() + 2 * 60_000, time.now.getTime())),
      });
    }
    const lastDecline = plan.declines.at(-1);
    if (
      plan.status === 'ACTIVE' &&
      plan.pastDue > 0 &&
      plan.notifying &&
      lastDecline &&
      lastDecline.at < sweep
    ) {
      rows.push({
        companyId: plan.companyId,
        type: 'PAYMENTPLAN_PASTDUE',
        paymentPlanId: plan.id,
        amountDue: plan.pastDue,
        dateTime: new Date(Math.min(sweep.getTime() + index * 60_000, time.now.getTime())),
      });
    }
  }
  if (rows.length > 0) await db.insert(companyNotifications).values(rows);
  return rows.length;
}

/** A recent notice for everyone, and an older one the admin has already dismissed. */
export async function seedUserNotifications(db: Db, time: SeedTime, adminId: number) {
  const older = time.at(time.daysAgo(21), 9);
  const [dismissed] = await db
    .insert(userNotifications)
    .values({ userId: null, type: 'warning', created: older, ...DISMISSED_NOTICE })
    .returning({ id: userNotifications.id });
  await db
    .insert(userNotifications)
    .values({ userId: null, type: 'info', created: time.minutesAgo(120), ...WHATS_NEW });
  await db.insert(userNotificationDismissals).values({
    userId: adminId,
    userNotificationId: dismissed!.id,
    dismissedAt: new Date(older.getTime() + 26 * 60 * 60_000),
  });
  return 2;
}
