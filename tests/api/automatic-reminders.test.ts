/**
 * Automatic reminders (issue 36): the practice's schedule (Settings › Automatic reminders, MANAGESETTINGS,
 * audited, bad values refused by field with nothing written), and the job that sends each due step
 * on the sandbox clock, which these tests move (`ctx.clock.advance`: no job runs on the way; the
 * tests run it). A step goes once even when two instances run the job at the same moment; only the
 * latest step due goes when several pass at once; nothing goes in quiet hours (it goes at their
 * end), once the request is paid or cancelled, or once its link has expired.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../embed-sdk/contract/admin.js';
import type { ReminderSchedule, ReminderScheduleInput } from '../../embed-sdk/contract/reminders.js';
import type { AppContext } from '../../server/context.js';
import { auditLog, practiceReminderSchedules } from '../../server/db/schema/index.js';
import { runDueJobs } from '../../server/jobs/index.js';
import { setQueuePaused } from '../../server/jobs/pause.js';
import { scheduledRemindersJob } from '../../server/payment-requests/scheduledReminders.js';
import { sendHeldMessages } from '../../server/outbox/store.js';
import {
  CARDS,
  createRequest,
  newCustomer,
  outbox,
  payWithCard,
  type RequestValue,
} from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OFF: ReminderScheduleInput = { days: [], quietHours: null };

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());
afterEach(async () => {
  await save(OFF);
});

function save(schedule: unknown, token = admin) {
  return server.call<ReminderSchedule>('POST', '/api/settings/reminders', { token, body: schedule });
}

async function schedule(input: ReminderScheduleInput) {
  const res = await save(input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const advance = (ms: number) => server.ctx.clock.advance(ms);

/** The job's run as an instance runs it: its own pinned clock, without the job's lock. */
function asInstance(): AppContext {
  return { ...server.ctx, clock: server.ctx.clock.pinned() };
}

async function newRequest() {
  const customer = await newCustomer(server, frontdesk);
  const { request, linkToken } = await createRequest(server, frontdesk, customer, 8_800);
  return { request, linkToken };
}

async function reminders(id: string) {
  const { body } = await server.call<RequestValue>('GET', `/api/notification/getnotification?id=${id}`, {
    token: frontdesk,
  });
  return body.value!.notificationsResent.map((r) => r.dateTime);
}

/** The messages that carried the request's link: its text and e-mail, then two more per reminder. */
async function messagesOf(request: RequestValue) {
  return (await outbox(server, request.link!)).filter((m) => m.link === request.link);
}

describe('the schedule', () => {
  it('is off with no quiet hours until the practice sets it; it shows the practice’s time zone', async () => {
    const { body } = await server.call<ReminderSchedule>('GET', '/api/settings/reminders', { token: admin });
    expect(body.value).toEqual({ days: [], quietHours: null, timeZone: 'America/Chicago' });
  });

  it('is saved, read back and audited in the admin area’s log', async () => {
    const saved = await schedule({ days: [2, 5, 10], quietHours: { start: '21:00', end: '08:00' } });
    expect(saved).toEqual({
      days: [2, 5, 10],
      quietHours: { start: '21:00', end: '08:00' },
      timeZone: 'America/Chicago',
    });
    const read = await server.call('GET', '/api/settings/reminders', { token: admin });
    expect(read.body.value).toEqual(saved);

    const trail = await server.call<AuditPage>('GET', '/api/admin/audit?companyId=1&targetType=settings', {
      token: admin,
    });
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'settings.reminders',
      actorEmail: 'admin@chairside.test',
      targetId: 'reminders',
      before: { days: [], quietHours: null },
      after: { days: [2, 5, 10], quietHours: { start: '21:00', end: '08:00' } },
    });
  });

  it.each([
    [{ days: [5, 2], quietHours: null }, 'body.days: List the days in ascending order.'],
    [{ days: [2, 2], quietHours: null }, 'body.days: Day 2 is listed twice.'],
    [{ days: [1, 2, 3, 4, 5, 6], quietHours: null }, 'body.days: At most 5 reminders.'],
    [{ days: [0], quietHours: null }, 'body.days.0: Each day must be at least 1.'],
    [{ days: [2, 31], quietHours: null }, 'body.days.1: Each day must be at most 30.'],
    [{ days: [2.5], quietHours: null }, 'body.days.0: Each day must be a whole number of days.'],
    [
      { days: [2], quietHours: { start: '25:00', end: '08:00' } },
      'body.quietHours.start: Give a time as HH:MM, from 00:00 to 23:59.',
    ],
    [
      { days: [2], quietHours: { start: '08:00', end: '08:00' } },
      'body.quietHours.end: Quiet hours must end at another time than they start.',
    ],
  ])('refuses %j, naming the field, and writes nothing', async (input, error) => {
    const auditsBefore = await server.ctx.db.select().from(auditLog);
    const res = await save(input);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([error]);
    const rows = await server.ctx.db
      .select()
      .from(practiceReminderSchedules)
      .where(eq(practiceReminderSchedules.companyId, 1));
    expect(rows.every((r) => r.days.length === 0)).toBe(true);
    expect(await server.ctx.db.select().from(auditLog)).toHaveLength(auditsBefore.length);
  });

  it('needs MANAGESETTINGS: the front desk is refused with 403', async () => {
    expect((await server.call('GET', '/api/settings/reminders', { token: frontdesk })).status).toBe(403);
    const refused = await save({ days: [2], quietHours: null }, frontdesk);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['This needs the MANAGESETTINGS role.']);
  });
});

describe('the job', () => {
  it('sends step 2 once when two instances run at once, then step 5, as Send Reminder does', async () => {
    await schedule({ days: [2, 5], quietHours: null });
    const { request } = await newRequest();
    expect(await messagesOf(request)).toHaveLength(2);

    // A day later: nothing due.
    await advance(DAY);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toEqual([]);

    // Two days after it was sent, two instances run the job at the same moment: one reminder.
    await advance(DAY + 60_000);
    await Promise.all([scheduledRemindersJob.run(asInstance()), scheduledRemindersJob.run(asInstance())]);
    await runDueJobs(server.ctx);
    const afterStep2 = await reminders(request.id);
    expect(afterStep2).toHaveLength(1);
    const messages = await messagesOf(request);
    expect(messages).toHaveLength(4);
    expect(
      messages
        .slice(0, 2)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['EMAIL', 'SMS']);

    // It is a reminder as staff send it: the same messages as Send Reminder's.
    const { request: manual } = await newRequest();
    await server.call('POST', '/api/notification/remind', { token: frontdesk, body: { ids: [manual.id] } });
    const manualMessages = await messagesOf(manual);
    const wording = (m: { channel: string; subject: string; body: string }, link: string) =>
      `${m.channel} ${m.subject} ${m.body.replace(link, 'LINK')}`;
    expect(messages.slice(0, 2).map((m) => wording(m, request.link!))).toEqual(
      manualMessages.slice(0, 2).map((m) => wording(m, manual.link!)),
    );
    const view = (
      await server.call<RequestValue>('GET', `/api/notification/getnotification?id=${request.id}`, {
        token: frontdesk,
      })
    ).body.value!;
    expect(view.resent).toBe(afterStep2[0]);

    // Nothing more until the fifth day; then step 5, once.
    await advance(2 * DAY);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(1);
    await advance(DAY);
    await Promise.all([scheduledRemindersJob.run(asInstance()), scheduledRemindersJob.run(asInstance())]);
    expect(await reminders(request.id)).toHaveLength(2);
    expect(await messagesOf(request)).toHaveLength(6);

    // The schedule is done.
    await advance(DAY);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(2);
  });

  it('sends only the latest step due when the clock passes several at once', async () => {
    await schedule({ days: [1, 2, 5], quietHours: null });
    const { request } = await newRequest();
    await advance(5 * DAY + 60_000);
    await runDueJobs(server.ctx);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(1);
    expect(await messagesOf(request)).toHaveLength(4);
  });

  it('sends nothing after the request is paid or cancelled', async () => {
    await schedule({ days: [2, 5], quietHours: null });
    const paid = await newRequest();
    const cancelled = await newRequest();
    await advance(2 * DAY + 60_000);
    await runDueJobs(server.ctx);
    expect(await reminders(paid.request.id)).toHaveLength(1);
    expect(await reminders(cancelled.request.id)).toHaveLength(1);

    const payment = await payWithCard(server, paid.linkToken, CARDS.visa);
    expect(payment.body.value).toMatchObject({ isApproved: true });
    const cancel = await server.call('POST', '/api/notification/remove', {
      token: frontdesk,
      body: { ids: [cancelled.request.id] },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    await advance(4 * DAY);
    await runDueJobs(server.ctx);
    expect(await reminders(paid.request.id)).toHaveLength(1);
    expect(await reminders(cancelled.request.id)).toHaveLength(1);
    expect(await messagesOf(paid.request)).toHaveLength(4);
  });

  it('sends nothing once the link has expired; Send New Link starts the schedule again', async () => {
    // The link works 7 days: day 9 never comes for it.
    await schedule({ days: [2, 9], quietHours: null });
    const { request } = await newRequest();
    await advance(2 * DAY + 60_000);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(1);
    await advance(8 * DAY);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(1);

    const renewed = await server.call<RequestValue>('POST', '/api/notification/sendNewLink', {
      token: frontdesk,
      body: { id: request.id },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    await advance(DAY);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(1);
    // Two days after the new link: its step 2, with the new link.
    await advance(DAY + 60_000);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(2);
    expect(await messagesOf(renewed.body.value!)).toHaveLength(4);
  });

  it('holds a step due in quiet hours until they end, on the practice’s clock', async () => {
    const now = server.ctx.clock.now();
    // A window from the current hour (Chicago) for three hours.
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hourCycle: 'h23',
      hour: '2-digit',
    }).format(new Date(now.getTime() + 2 * DAY + HOUR));
    const start = Number(local);
    const pad = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await schedule({ days: [2], quietHours: { start: pad(start), end: pad(start + 3) } });
    const { request } = await newRequest();

    // Two days and an hour later it is in the window: nothing.
    await advance(2 * DAY + HOUR);
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toEqual([]);

    // At the window's end it goes.
    const end = new Date(now.getTime() + 2 * DAY + HOUR);
    end.setUTCMinutes(0, 0, 0);
    await advance(end.getTime() + 3 * HOUR - server.ctx.clock.now().getTime());
    await runDueJobs(server.ctx);
    expect(await reminders(request.id)).toHaveLength(1);
  });

  it('records the reminder while the outbox is paused, and holds its messages until it resumes', async () => {
    await schedule({ days: [2], quietHours: null });
    const { request } = await newRequest();
    const at = server.ctx.clock.now();
    await setQueuePaused(server.ctx.db, 'OUTBOX', { paused: true, by: 'test', at });
    try {
      await advance(2 * DAY + 60_000);
      await runDueJobs(server.ctx);
      expect(await reminders(request.id)).toHaveLength(1);
      expect(await messagesOf(request)).toHaveLength(2);
    } finally {
      await setQueuePaused(server.ctx.db, 'OUTBOX', { paused: false, by: 'test', at });
      await sendHeldMessages(server.ctx.db, server.ctx.clock.now());
    }
    expect(await messagesOf(request)).toHaveLength(4);
  });
});
