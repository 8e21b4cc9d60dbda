/**
 * The bell's company notifications and the user notification banner. Every statement on the practice's
 * notifications is scoped to it (db/scope.ts); the banner's notifications belong to users, not to a
 * practice.
 */
import { and, desc, eq, isNull, notExists, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  companyNotifications,
  userNotificationDismissals,
  userNotifications,
} from '../db/schema/notifications.js';
import { inPractice, type PracticeId } from '../db/scope.js';

export type CompanyNotificationRecord = typeof companyNotifications.$inferSelect;
export type NewCompanyNotification = Omit<typeof companyNotifications.$inferInsert, 'id' | 'companyId'>;

export async function raiseNotification(db: Db | Tx, practice: PracticeId, values: NewCompanyNotification) {
  await db.insert(companyNotifications).values({ ...values, companyId: practice });
}

/** The practice's latest notifications, newest first. */
export function latestNotifications(
  db: Db | Tx,
  practice: PracticeId,
  limit: number,
): Promise<CompanyNotificationRecord[]> {
  return db
    .select()
    .from(companyNotifications)
    .where(inPractice(companyNotifications, practice))
    .orderBy(desc(companyNotifications.dateTime), desc(companyNotifications.id))
    .limit(limit);
}

/**
 * Whether the plan (a column or value of another capability's query) had a past-due notification at
 * or after `since`, as a condition for the billing job's morning sweep (which runs over every
 * practice: it is the plan's own notification, of the plan's practice).
 */
export function pastDueNotifiedSince(planId: SQLWrapper, since: Date) {
  return sql`exists (select 1 from ${companyNotifications}
              where ${companyNotifications.paymentPlanId} = ${planId}
                and ${companyNotifications.type} = 'PAYMENTPLAN_PASTDUE'
                and ${companyNotifications.dateTime} >= ${since})`;
}

/**
 * The banners a person sees: those for everyone, for them, and for their current practice (a
 * practice's banner shows while the person works in it, not in their other practices).
 */
function forPerson(userId: number, practice: number | null) {
  return and(
    or(isNull(userNotifications.userId), eq(userNotifications.userId, userId)),
    practice === null
      ? isNull(userNotifications.companyId)
      : or(isNull(userNotifications.companyId), eq(userNotifications.companyId, practice)),
  );
}

/** The newest banner the person sees (see `forPerson`) that they have not dismissed. */
export async function lastUserNotification(db: Db | Tx, userId: number, practice: number | null) {
  const [row] = await db
    .select()
    .from(userNotifications)
    .where(
      and(
        forPerson(userId, practice),
        notExists(
          db
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
  return row ?? null;
}

/**
 * The user notification with this id if the person sees it (see `forPerson`); without an id, the
 * newest such notification (dismissed or not). Null when there is none.
 */
export async function userNotificationFor(
  db: Db | Tx,
  userId: number,
  practice: number | null,
  id: number | null,
): Promise<number | null> {
  const forUser = forPerson(userId, practice);
  const [row] =
    id === null
      ? await db
          .select({ id: userNotifications.id })
          .from(userNotifications)
          .where(forUser)
          .orderBy(desc(userNotifications.created), desc(userNotifications.id))
          .limit(1)
      : await db
          .select({ id: userNotifications.id })
          .from(userNotifications)
          .where(and(eq(userNotifications.id, id), forUser));
  return row?.id ?? null;
}

export async function dismissUserNotification(db: Db | Tx, userId: number, id: number, at: Date) {
  await db
    .insert(userNotificationDismissals)
    .values({ userId, userNotificationId: id, dismissedAt: at })
    .onConflictDoNothing();
}
