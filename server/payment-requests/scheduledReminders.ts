/**
 * Automatic reminders of unpaid payment requests (Settings › Automatic reminders): a job that, on the
 * sandbox clock, sends each request the reminder its practice's schedule makes due, once across server
 * instances. The rules of what is due are domain/payment-requests/scheduledReminders.ts's:
 *
 * - the days count from when the request's current link was sent (created, or Send New Link);
 * - when the clock passes several steps at once (a server stopped, the sandbox clock moved a week,
 *   quiet hours held a step while the next fell due), only the latest step due is sent: never a
 *   burst, and the steps passed over are not sent afterwards;
 * - nothing goes during the practice's quiet hours (its time zone): what fell due goes at the first
 *   run after the window ends;
 * - nothing goes once the request is paid or cancelled, or once its link has expired (a reminder
 *   would carry a dead link; Send New Link starts the schedule again from the new link);
 * - a reminder is exactly Send Reminder's: a row of the request's reminder history, and the same
 *   messages through the same function (requests.ts `sendReminderMessages`), held in the outbox
 *   while the admin area's Queues pause it, as a manual one is.
 *
 * Once across instances: the job's lock (jobs/jobClaim.ts) makes instances take turns, and under it
 * each step is claimed in the database. The request is locked, the step's row inserted with ON
 * CONFLICT DO NOTHING (its unique index: one row per request and step), and the messages sent only
 * when that insert wrote the row, in the same transaction; an instance that lost its lock mid-run and
 * went on finds the step taken and sends nothing.
 *
 * Cheap: one query for the practices that remind (one row each), and one query for their due requests
 * (from the open requests' partial index), by pages of request ids; no request is loaded to be found
 * not due.
 */
import type { AppContext } from '../context.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { hasLinkExpired } from '../domain/outbox/linkExpiry.js';
import type { Practice } from '../domain/outbox/patientMessages.js';
import { isQuietTime, stepToSend } from '../domain/payment-requests/scheduledReminders.js';
import { paymentLinkSent, paymentRequestStatus } from '../domain/payment-requests/paymentRequest.js';
import type { Job } from '../jobs/jobClaim.js';
import { senderOf } from '../outbox/recipients.js';
import { customerSummaries } from '../patients/store.js';
import { practicesNamed } from '../practices/store.js';
import { activeReminderSchedules, type ActiveReminderSchedule } from '../settings/reminderSchedule.js';
import { practiceTemplatesOf } from '../settings/messageTemplates.js';
import { sendReminderMessages } from './requests.js';
import {
  dueScheduledReminders,
  lastScheduledStep,
  lockRequests,
  recordScheduledReminder,
  type ScheduleStep,
} from './store.js';

/** Requests taken per query: a run goes through every page. */
const PAGE = 200;

/**
 * Sends the step's reminder of one request, if it is still the one to send once the request is
 * locked (paid, cancelled, a new link or another instance may have come first); true when sent.
 */
export async function sendScheduledReminder(
  ctx: AppContext,
  practice: PracticeId,
  sender: Practice,
  schedule: ActiveReminderSchedule,
  due: { id: string; day: number },
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [r] = await lockRequests(tx, practice, [due.id]);
    if (!r || paymentRequestStatus(r) !== 'UNPAID') return false;
    const sent = paymentLinkSent(r);
    const step = stepToSend({
      days: schedule.days,
      sent,
      now,
      linkExpired: hasLinkExpired(sent, schedule.paymentLinkDays, now),
      lastStepSent: await lastScheduledStep(tx, practice, r.id),
    });
    if (step !== due.day) return false;
    if (!(await recordScheduledReminder(tx, practice, r.id, { day: step, at: now }))) return false;
    const customers = await customerSummaries(tx, practice, [r.customerId]);
    const templates = await practiceTemplatesOf(tx, practice);
    await sendReminderMessages(ctx, tx, practice, sender, templates, r, customers.get(r.customerId), now);
    return true;
  });
}

/** The practices whose clock is outside their quiet hours now, with their senders. */
async function practicesSendingNow(ctx: AppContext, now: Date) {
  const schedules = await activeReminderSchedules(ctx.db);
  const practices = await practicesNamed(
    ctx.db,
    schedules.map((s) => s.companyId),
  );
  const byId = new Map(practices.map((p) => [p.id, p]));
  const sending = new Map<number, { schedule: ActiveReminderSchedule; sender: Practice }>();
  for (const schedule of schedules) {
    const practice = byId.get(schedule.companyId);
    if (!practice) continue;
    try {
      if (isQuietTime(schedule.quietHours, practice.timeZone, now)) continue;
    } catch (error) {
      // A time zone the runtime does not know: its quiet hours cannot be read, so nothing is sent.
      ctx.log.error({ err: error, companyId: practice.id, timeZone: practice.timeZone }, 'unknown time zone');
      continue;
    }
    sending.set(schedule.companyId, { schedule, sender: senderOf(practice) });
  }
  return sending;
}

export const scheduledRemindersJob: Job = {
  name: 'automatic payment reminders',
  async run(ctx) {
    const now = ctx.clock.now();
    const sending = await practicesSendingNow(ctx, now);
    if (sending.size === 0) return;
    const steps: ScheduleStep[] = [...sending.values()].flatMap(({ schedule }) =>
      schedule.days.map((day) => ({
        companyId: schedule.companyId,
        day,
        linkDays: schedule.paymentLinkDays,
      })),
    );
    let after: string | null = null;
    let reminded = 0;
    for (;;) {
      const due = await dueScheduledReminders(ctx.db, { steps, now, after, limit: PAGE });
      for (const d of due) {
        const { schedule, sender } = sending.get(d.companyId)!;
        try {
          if (await sendScheduledReminder(ctx, practiceOfRecord(d), sender, schedule, d)) reminded += 1;
        } catch (error) {
          ctx.log.error({ err: error, paymentRequestId: d.id }, 'automatic reminder failed');
        }
      }
      if (due.length < PAGE) break;
      after = due.at(-1)!.id;
    }
    if (reminded > 0) ctx.log.info({ reminded }, 'automatic payment reminders sent');
  },
};
