/**
 * The practice's automatic reminders (practice_reminder_schedules; contract/reminders.ts): the days
 * after a payment request's link was sent on which its patient is reminded, and the quiet hours in the
 * practice's time zone. Saved with an audit entry in the same transaction. The reminders' job
 * (payment-requests/scheduledReminders.ts) reads every practice's schedule here, in one query; the
 * practice's time zone is its own row's (companies.time_zone).
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LINK_DAYS } from '../../embed-sdk/contract/patientLinks.js';
import type {
  QuietHours,
  ReminderSchedule,
  ReminderScheduleInput,
} from '../../embed-sdk/contract/reminders.js';
import { recordChange, type AuditActor } from '../admin/audit.js';
import type { Db, Tx } from '../db/client.js';
import { practiceLinkSettings, practiceReminderSchedules } from '../db/schema/settings.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import { minuteOfTime, timeOfMinute } from '../domain/payment-requests/scheduledReminders.js';
import { NotFoundError } from '../errors.js';
import { findPractice } from '../practices/store.js';

function quietHoursOf(row: {
  quietStartMinute: number | null;
  quietEndMinute: number | null;
}): QuietHours | null {
  if (row.quietStartMinute === null || row.quietEndMinute === null) return null;
  return { start: timeOfMinute(row.quietStartMinute), end: timeOfMinute(row.quietEndMinute) };
}

export async function reminderScheduleOf(db: Db | Tx, practice: PracticeId): Promise<ReminderSchedule> {
  const company = await findPractice(db, practice);
  if (!company) throw new NotFoundError('The practice');
  const [row] = await db
    .select()
    .from(practiceReminderSchedules)
    .where(inPractice(practiceReminderSchedules, practice));
  return {
    days: row?.days ?? [],
    quietHours: row ? quietHoursOf(row) : null,
    timeZone: company.timeZone,
  };
}

/** Saves the schedule (the contract has checked it) and audits what changed, in one transaction. */
export async function saveReminderSchedule(
  db: Db,
  practice: PracticeId,
  actor: AuditActor,
  schedule: ReminderScheduleInput,
  now: Date,
): Promise<ReminderSchedule> {
  await db.transaction(async (tx) => {
    const before = await reminderScheduleOf(tx, practice);
    const values = {
      days: schedule.days,
      quietStartMinute: schedule.quietHours ? minuteOfTime(schedule.quietHours.start) : null,
      quietEndMinute: schedule.quietHours ? minuteOfTime(schedule.quietHours.end) : null,
      updatedAt: now,
    };
    await tx
      .insert(practiceReminderSchedules)
      .values({ companyId: practice, ...values })
      .onConflictDoUpdate({ target: practiceReminderSchedules.companyId, set: values });
    await recordChange(
      tx,
      actor,
      { action: 'settings.reminders', companyId: practice, targetType: 'settings', targetId: 'reminders' },
      {
        before: { days: before.days, quietHours: before.quietHours },
        after: { days: schedule.days, quietHours: schedule.quietHours },
      },
      now,
    );
  });
  return reminderScheduleOf(db, practice);
}

/** A practice that reminds on its own: its schedule and link days. */
export interface ActiveReminderSchedule {
  companyId: number;
  days: number[];
  quietHours: QuietHours | null;
  /** How long its payment links work (a step after that never goes). */
  paymentLinkDays: number;
}

/**
 * Every practice with at least one day in its schedule, across practices by design (the job's): one
 * row per practice, however many requests it has.
 */
export async function activeReminderSchedules(db: Db | Tx): Promise<ActiveReminderSchedule[]> {
  const rows = await db
    .select({
      companyId: practiceReminderSchedules.companyId,
      days: practiceReminderSchedules.days,
      quietStartMinute: practiceReminderSchedules.quietStartMinute,
      quietEndMinute: practiceReminderSchedules.quietEndMinute,
      paymentLinkDays: sql<number>`coalesce(${practiceLinkSettings.paymentLinkDays}, ${DEFAULT_LINK_DAYS})`,
    })
    .from(practiceReminderSchedules)
    .leftJoin(practiceLinkSettings, eq(practiceLinkSettings.companyId, practiceReminderSchedules.companyId))
    .where(sql`cardinality(${practiceReminderSchedules.days}) > 0`);
  return rows.map((r) => ({
    companyId: r.companyId,
    days: r.days,
    quietHours: quietHoursOf(r),
    paymentLinkDays: Number(r.paymentLinkDays),
  }));
}
