/**
 * Notification Management (issue 35): what an administrator writes for the people using Chairside,
 * as a banner (user_notifications) or a bell entry (company_notifications), aimed at everyone, one
 * practice or one person, now or at a time on the sandbox clock.
 *
 * Publishing is one statement that claims what is due (`published_at` set where it was null), then
 * the rows the banner and the bell read, in the same transaction: an announcement published now is
 * published by the call that writes it, a scheduled one by the publishing job, and whichever instance
 * runs first publishes it once. A bell entry for everyone is one row per practice, since the bell
 * reads a practice's own rows.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../embed-sdk/contract/admin.js';
import type {
  Announcement,
  AnnouncementIcon,
  AnnouncementState,
  publishAnnouncement,
} from '../../embed-sdk/contract/announcements.js';
import type { BodyOut } from '../../embed-sdk/contract/endpoint.js';
import { recordAudit, type AuditActor } from '../admin/audit.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { users } from '../db/schema/identity.js';
import {
  announcements,
  companyNotifications,
  userNotificationDismissals,
  userNotifications,
} from '../db/schema/notifications.js';
import { companies } from '../db/schema/practices.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { Job } from '../jobs/jobClaim.js';

type Row = typeof announcements.$inferSelect;

/** A minute's grace: a time picked "now" in the form is a little past by the time it is sent. */
const PAST_GRACE_MS = 60_000;

function stateOf(row: Row): AnnouncementState {
  if (row.withdrawnAt) return 'WITHDRAWN';
  return row.publishedAt ? 'PUBLISHED' : 'SCHEDULED';
}

/** The rows the banner and the bell read, for announcements just claimed. */
async function writeNotifications(tx: Tx, rows: Row[], at: Date) {
  for (const a of rows) {
    if (a.channel === 'BANNER') {
      await tx.insert(userNotifications).values({
        userId: a.audience === 'USER' ? a.userId : null,
        companyId: a.audience === 'PRACTICE' ? a.companyId : null,
        announcementId: a.id,
        type: a.type,
        icon: a.icon,
        created: at,
        title: a.title,
        text: a.text,
        fullyQualifiedUrl: a.url,
      });
    } else {
      // One row per practice aimed at: the bell reads its practice's rows only.
      await tx.execute(sql`
        insert into ${companyNotifications} (company_id, type, created_at, title, text, announcement_id)
        select ${companies.id}, 'ANNOUNCEMENT', ${at.toISOString()}::timestamptz, ${a.title}, ${a.text}, ${a.id}
          from ${companies}
         where ${a.audience === 'PRACTICE' ? sql`${companies.id} = ${a.companyId}` : sql`true`}`);
    }
  }
}

/** Claims and publishes what is due by `now` (`onlyId`: just that one, if it is due). */
async function publishDue(tx: Tx, now: Date, onlyId?: number): Promise<Row[]> {
  const due = await tx
    .update(announcements)
    .set({ publishedAt: now })
    .where(
      and(
        isNull(announcements.publishedAt),
        isNull(announcements.withdrawnAt),
        lte(announcements.publishAt, now),
        onlyId === undefined ? undefined : eq(announcements.id, onlyId),
      ),
    )
    .returning();
  await writeNotifications(tx, due, now);
  return due;
}

/** The sandbox's job: publishes the scheduled announcements whose time has come. */
export const announcementsJob: Job = {
  name: 'scheduled notifications',
  async run(ctx) {
    const published = await ctx.db.transaction((tx) => publishDue(tx, ctx.clock.now()));
    if (published.length > 0) {
      ctx.log.info({ announcements: published.map((a) => a.id) }, 'scheduled notifications published');
    }
  },
};

async function withNames(db: Db | Tx, rows: Row[]): Promise<Announcement[]> {
  const companyIds = [...new Set(rows.flatMap((r) => (r.companyId === null ? [] : [r.companyId])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const bannerIds = rows.filter((r) => r.channel === 'BANNER' && r.publishedAt).map((r) => r.id);
  const [names, emails, dismissed] = await Promise.all([
    companyIds.length
      ? db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, companyIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))
      : [],
    bannerIds.length
      ? db
          .select({ id: userNotifications.announcementId, n: count() })
          .from(userNotificationDismissals)
          .innerJoin(
            userNotifications,
            eq(userNotifications.id, userNotificationDismissals.userNotificationId),
          )
          .where(inArray(userNotifications.announcementId, bannerIds))
          .groupBy(userNotifications.announcementId)
      : [],
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const emailOf = new Map(emails.map((u) => [u.id, u.email]));
  const dismissalsOf = new Map(dismissed.map((d) => [d.id, Number(d.n)]));
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as Announcement['channel'],
    audience: r.audience as Announcement['audience'],
    companyId: r.companyId,
    companyName: r.companyId === null ? null : (nameOf.get(r.companyId) ?? null),
    userId: r.userId,
    email: r.userId === null ? null : (emailOf.get(r.userId) ?? null),
    title: r.title,
    text: r.text,
    type: r.type as Announcement['type'],
    icon: r.icon as AnnouncementIcon | null,
    url: r.url,
    state: stateOf(r),
    publishAt: r.publishAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    createdBy: r.createdBy,
    dismissals: r.channel === 'BANNER' ? (r.publishedAt ? (dismissalsOf.get(r.id) ?? 0) : 0) : null,
  }));
}

const STATE_WHERE: Record<AnnouncementState, ReturnType<typeof and>> = {
  SCHEDULED: and(isNull(announcements.publishedAt), isNull(announcements.withdrawnAt)),
  PUBLISHED: and(isNotNull(announcements.publishedAt), isNull(announcements.withdrawnAt)),
  WITHDRAWN: isNotNull(announcements.withdrawnAt),
};

/** Ten to a page: those still to be published first (soonest first), then the rest newest first. */
export async function listAnnouncements(
  db: Db,
  query: { state?: AnnouncementState | undefined; page: number },
): Promise<{ notifications: Announcement[]; totalCount: number }> {
  const where = query.state ? STATE_WHERE[query.state] : undefined;
  const scheduledFirst = sql`(${announcements.publishedAt} is null and ${announcements.withdrawnAt} is null)`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(
        desc(scheduledFirst),
        sql`case when ${scheduledFirst} then ${announcements.publishAt} end asc`,
        desc(announcements.publishAt),
        desc(announcements.id),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { notifications: await withNames(db, rows), totalCount: Number(total?.n ?? 0) };
}

type Draft = BodyOut<typeof publishAnnouncement>;

/** The audience's record, checked: the practice or the person aimed at. */
async function audienceOf(
  tx: Tx,
  draft: Draft,
): Promise<{ companyId: number | null; userId: number | null }> {
  if (draft.audience === 'EVERYONE') return { companyId: null, userId: null };
  if (draft.audience === 'PRACTICE') {
    if (draft.companyId === undefined) throw new BadRequestError('body.companyId', 'Choose the practice.');
    const [c] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, draft.companyId));
    if (!c) throw new BadRequestError('body.companyId', `No practice has the id ${draft.companyId}.`);
    return { companyId: c.id, userId: null };
  }
  if (draft.channel === 'BELL') {
    throw new BadRequestError(
      'body.audience',
      'The bell belongs to a practice: aim a bell notification at every practice or at one practice.',
    );
  }
  if (draft.email === undefined) throw new BadRequestError('body.email', "Give the person's e-mail address.");
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.email, draft.email));
  if (!u) throw new BadRequestError('body.email', `No one signs in as ${draft.email}.`);
  return { companyId: null, userId: u.id };
}

export async function publishAnnouncementNow(
  ctx: AppContext,
  actor: AuditActor,
  draft: Draft,
): Promise<Announcement> {
  const now = ctx.clock.now();
  const publishAt = draft.publishAt ? new Date(draft.publishAt) : now;
  if (publishAt.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw new BadRequestError(
      'body.publishAt',
      'is in the past on the sandbox clock: choose a later time, or now.',
    );
  }
  if (draft.channel === 'BELL' && (draft.url || draft.icon)) {
    throw new BadRequestError(
      draft.url ? 'body.url' : 'body.icon',
      'The bell shows a title and a text only: a link and an icon are for banners.',
    );
  }
  const row = await ctx.db.transaction(async (tx) => {
    const target = await audienceOf(tx, draft);
    const [created] = await tx
      .insert(announcements)
      .values({
        channel: draft.channel,
        audience: draft.audience,
        ...target,
        title: draft.title,
        text: draft.text,
        type: draft.type,
        icon: draft.icon ?? null,
        url: draft.url ?? null,
        publishAt,
        createdBy: actor.email,
        created: now,
      })
      .returning();
    const [published] = await publishDue(tx, now, created!.id);
    const done = published ?? created!;
    await recordAudit(
      tx,
      actor,
      {
        action: published ? 'notification.publish' : 'notification.schedule',
        companyId: target.companyId,
        targetType: 'notification',
        targetId: done.id,
        before: null,
        after: {
          channel: done.channel,
          audience: done.audience,
          ...(target.userId === null ? {} : { email: draft.email }),
          title: done.title,
          publishAt: done.publishAt.toISOString(),
        },
      },
      now,
    );
    return done;
  });
  return (await withNames(ctx.db, [row]))[0]!;
}

/**
 * A scheduled notification is never published; a published one leaves every banner and bell (its
 * rows and their dismissals go; the announcement stays, withdrawn, for the record).
 */
export async function withdrawAnnouncement(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
): Promise<Announcement> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(announcements)
      .set({ withdrawnAt: now })
      .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
      .returning();
    if (!done) {
      const [exists] = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(eq(announcements.id, id));
      if (!exists) throw new NotFoundError('The notification');
      throw new BadRequestError('body.id', `Notification ${id} is already withdrawn.`);
    }
    if (done.publishedAt) {
      const banners = tx
        .select({ id: userNotifications.id })
        .from(userNotifications)
        .where(eq(userNotifications.announcementId, id));
      await tx
        .delete(userNotificationDismissals)
        .where(inArray(userNotificationDismissals.userNotificationId, banners));
      await tx.delete(userNotifications).where(eq(userNotifications.announcementId, id));
      await tx.delete(companyNotifications).where(eq(companyNotifications.announcementId, id));
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'notification.withdraw',
        companyId: done.companyId,
        targetType: 'notification',
        targetId: done.id,
        before: { state: done.publishedAt ? 'PUBLISHED' : 'SCHEDULED' },
        after: { state: 'WITHDRAWN', title: done.title },
      },
      now,
    );
    return done;
  });
  return (await withNames(ctx.db, [row]))[0]!;
}
