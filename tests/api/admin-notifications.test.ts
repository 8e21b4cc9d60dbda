/**
 * Notification Management (issue 35): a banner aimed at one practice shows to the people working in
 * it and nowhere else, one aimed at a person only to them; a bell entry for every practice is in each
 * practice's bell; a scheduled one is published by the sandbox's jobs once its time comes on the
 * sandbox clock, once however often they run; a withdrawn one leaves every page; refusals name their
 * field and write nothing; every change audited.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '../../embed-sdk/contract/announcements.js';
import type { CompanyNotification, UserNotification } from '../../embed-sdk/contract/notification.js';
import {
  announcements,
  auditLog,
  companies,
  companyNotifications,
  userNotifications,
} from '../../server/db/schema/index.js';
import { runDueJobs } from '../../server/jobs/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

async function publish(body: Record<string, unknown>) {
  const res = await server.call<Announcement>('POST', '/api/admin/notification', { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function banner(token: string) {
  const res = await server.call<{ notification: UserNotification | null }>(
    'GET',
    '/api/userNotification/getLastUserNotification',
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.value!.notification;
}

async function bell(token: string) {
  const res = await server.call<{ notifications: CompanyNotification[] }>(
    'GET',
    '/api/companyNotification/getLatestNotifications',
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.value!.notifications;
}

async function enter(practice: number) {
  const res = await server.call('POST', '/api/auth/loginFromCompany', {
    token: admin,
    body: { id: practice },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const HARBOR_VIEW = 3;
const BRIGHT_SMILES = 1;

describe('notification management', () => {
  it("shows a practice's banner to the people working in it, and nowhere else", async () => {
    await enter(BRIGHT_SMILES);
    const a = await publish({
      channel: 'BANNER',
      audience: 'PRACTICE',
      companyId: HARBOR_VIEW,
      title: 'Harbor View: new card reader',
      text: 'Your new card reader ships this week.',
      type: 'success',
      icon: 'sparkle',
      url: 'https://example.com/readers',
    });
    expect(a).toMatchObject({ state: 'PUBLISHED', companyName: 'Harbor View Dental', dismissals: 0 });

    // Front desk works at Bright Smiles only; the administrator is at Bright Smiles now.
    expect((await banner(frontdesk))?.title).not.toBe('Harbor View: new card reader');
    expect((await banner(admin))?.title).not.toBe('Harbor View: new card reader');
    await enter(HARBOR_VIEW);
    expect(await banner(admin)).toMatchObject({
      title: 'Harbor View: new card reader',
      type: 'success',
      icon: 'sparkle',
      fullyQualifiedUrl: 'https://example.com/readers',
    });
    await enter(BRIGHT_SMILES);

    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'notification'), eq(auditLog.targetId, String(a.id))));
    expect(entry).toMatchObject({
      action: 'notification.publish',
      companyId: HARBOR_VIEW,
      targetType: 'notification',
    });
  });

  it('shows a banner aimed at a person to them only; its dismissal is counted', async () => {
    const a = await publish({
      channel: 'BANNER',
      audience: 'USER',
      email: 'FrontDesk@chairside.test',
      title: 'Your training session',
      text: 'Thursday at 2 pm.',
    });
    expect(a).toMatchObject({ email: 'frontdesk@chairside.test', audience: 'USER' });
    const seen = await banner(frontdesk);
    expect(seen?.title).toBe('Your training session');
    expect((await banner(admin))?.title).not.toBe('Your training session');

    const dismissed = await server.call('POST', '/api/userNotification/updateUserNotificationDate', {
      token: frontdesk,
      body: { id: seen!.id },
    });
    expect(dismissed.status).toBe(200);
    const listed = await server.call<{ notifications: Announcement[] }>('GET', '/api/admin/notifications', {
      token: admin,
    });
    expect(listed.body.value!.notifications.find((n) => n.id === a.id)?.dismissals).toBe(1);
  });

  it("puts a bell entry for every practice in each practice's bell, and withdraws it from all", async () => {
    const a = await publish({
      channel: 'BELL',
      audience: 'EVERYONE',
      title: 'Holiday hours',
      text: 'Support closes at noon on December 24.',
    });
    const practices = (await server.ctx.db.select({ n: count() }).from(companies))[0]!.n;
    const rows = await server.ctx.db
      .select({ n: count() })
      .from(companyNotifications)
      .where(eq(companyNotifications.announcementId, a.id));
    expect(rows[0]!.n).toBe(practices);
    const entry = (await bell(frontdesk)).find((n) => n.type === 'ANNOUNCEMENT');
    expect(entry).toMatchObject({ title: 'Holiday hours', text: 'Support closes at noon on December 24.' });

    const withdrawn = await server.call<Announcement>('POST', '/api/admin/notification/withdraw', {
      token: admin,
      body: { id: a.id },
    });
    expect(withdrawn.body.value).toMatchObject({ state: 'WITHDRAWN' });
    expect((await bell(frontdesk)).some((n) => n.title === 'Holiday hours')).toBe(false);
    const again = await server.call('POST', '/api/admin/notification/withdraw', {
      token: admin,
      body: { id: a.id },
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('body.id');
  });

  it("publishes a scheduled banner when the sandbox clock reaches its time, once, whatever the jobs' runs", async () => {
    const at = new Date(server.ctx.clock.now().getTime() + 60 * 60_000);
    const a = await publish({
      channel: 'BANNER',
      audience: 'EVERYONE',
      title: 'Maintenance tonight',
      text: 'Chairside is down from 11 pm to midnight.',
      type: 'warning',
      icon: 'wrench',
      publishAt: at.toISOString(),
    });
    expect(a).toMatchObject({ state: 'SCHEDULED', publishedAt: null });
    await runDueJobs(server.ctx);
    expect((await banner(frontdesk))?.title).not.toBe('Maintenance tonight');

    await server.ctx.clock.advance(61 * 60_000);
    await Promise.all([runDueJobs(server.ctx), runDueJobs(server.ctx)]);
    await runDueJobs(server.ctx);
    expect((await banner(frontdesk))?.title).toBe('Maintenance tonight');
    const rows = await server.ctx.db
      .select({ n: count() })
      .from(userNotifications)
      .where(eq(userNotifications.announcementId, a.id));
    expect(rows[0]!.n).toBe(1);
    const [row] = await server.ctx.db.select().from(announcements).where(eq(announcements.id, a.id));
    expect(row!.publishedAt).not.toBeNull();
  });

  it('refuses what cannot be sent, naming the field, and writes nothing', async () => {
    const before = (await server.ctx.db.select({ n: count() }).from(announcements))[0]!.n;
    const audits = (await server.ctx.db.select({ n: count() }).from(auditLog))[0]!.n;
    const refusals: [Record<string, unknown>, string][] = [
      [{ channel: 'BELL', audience: 'USER', email: 'frontdesk@chairside.test' }, 'body.audience'],
      [{ channel: 'BANNER', audience: 'PRACTICE' }, 'body.companyId'],
      [{ channel: 'BANNER', audience: 'PRACTICE', companyId: 999_999 }, 'body.companyId'],
      [{ channel: 'BANNER', audience: 'USER', email: 'nobody@chairside.test' }, 'body.email'],
      [{ channel: 'BANNER', audience: 'EVERYONE', url: 'javascript:alert(1)' }, 'body.url'],
      [{ channel: 'BELL', audience: 'EVERYONE', url: 'https://example.com' }, 'body.url'],
      [{ channel: 'BANNER', audience: 'EVERYONE', publishAt: '2001-01-01T00:00:00Z' }, 'body.publishAt'],
      [{ channel: 'BANNER', audience: 'EVERYONE', title: '  ' }, 'body.title'],
    ];
    for (const [body, field] of refusals) {
      const res = await server.call('POST', '/api/admin/notification', {
        token: admin,
        body: { title: 'A title', text: 'A text', ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
    }
    expect((await server.ctx.db.select({ n: count() }).from(announcements))[0]!.n).toBe(before);
    expect((await server.ctx.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);

    const desk = await server.call('POST', '/api/admin/notification', {
      token: frontdesk,
      body: { channel: 'BANNER', audience: 'EVERYONE', title: 'x', text: 'y' },
    });
    expect(desk.status).toBe(403);
  });
});
