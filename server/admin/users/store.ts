/**
 * The people who can sign in, as the admin area manages them (Admin Users): the directory, one
 * person's account and practices, an invitation for a new person, their access (administrator or
 * not, roles per practice), and disabling an account. Every change is audited in its transaction,
 * and tells every server instance (AccountStates) so that it holds from the person's next call.
 */
import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  type AdminUserRow,
  type PracticeAccess,
} from '../../../embed-sdk/contract/admin.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { companies, oidcPayloads, passwordLinks, userCompanies, users } from '../../db/schema/index.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { inviteUser } from '../../identity/passwordLinks.js';
import { likeAnywhere } from '../../domain/patients/searchTerm.js';
import { recordAudit, type AuditActor } from '../audit.js';

/**
 * The password of an invited person until they set theirs: not a hash of any password (no scheme),
 * so nothing signs in with it, and "has set a password" is "has a scrypt hash".
 */
export const NO_PASSWORD_YET = 'invited';
const HAS_PASSWORD = sql`${users.passwordHash} like 'scrypt$%'`;

/** A search matches a person's name (first, last or both, any case), their e-mail address, or their id. */
function matching(search: string | undefined): SQL {
  const text = search?.trim().toLowerCase() ?? '';
  if (text === '') return sql`true`;
  const u = users;
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  // Exactly the expressions of the trigram indexes users_name_trigrams and users_email_trigrams.
  const pattern = likeAnywhere(text);
  return sql`(lower(${u.firstName} || ' ' || ${u.lastName}) like ${pattern}
           or ${u.email} like ${pattern}${id !== null ? sql` or ${u.id} = ${id}` : sql``})`;
}

interface DirectoryRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_admin: boolean;
  disabled_at: Date | string | null;
  active: boolean;
  practice_names: string[] | null;
  practices: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A page of people by last name, each with the first three of their practices' names. */
export async function listUsers(
  db: Db,
  filter: { search?: string; page: number },
): Promise<{ users: AdminUserRow[]; totalCount: number }> {
  const where = matching(filter.search);
  const u = users;
  const m = userCompanies;
  const [page, total] = await Promise.all([
    db.execute(sql`
      with page as (
        select ${u.id} as id, ${u.firstName} as first_name, ${u.lastName} as last_name, ${u.email} as email,
               ${u.isAdmin} as is_admin, ${u.disabledAt} as disabled_at, ${HAS_PASSWORD} as active
          from ${u}
         where ${where}
         order by lower(${u.lastName}), lower(${u.firstName}), ${u.id}
         limit ${ADMIN_PAGE_SIZE} offset ${(filter.page - 1) * ADMIN_PAGE_SIZE})
      select page.*,
             (select array_agg(name) from (select ${companies.name} as name from ${m}
                 join ${companies} on ${companies.id} = ${m.companyId}
                where ${m.userId} = page.id order by lower(${companies.name}) limit 3) named) as practice_names,
             (select count(*)::int from ${m} where ${m.userId} = page.id) as practices
        from page
       order by lower(page.last_name), lower(page.first_name), page.id`),
    db.execute(sql`select count(*)::int as n from ${u} where ${where}`),
  ]);
  const rows = (page as unknown as { rows: DirectoryRow[] }).rows;
  const [counted] = (total as unknown as { rows: { n: number }[] }).rows;
  return {
    users: rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      isAdmin: r.is_admin,
      disabledAt: iso(r.disabled_at),
      active: r.active,
      practiceNames: r.practice_names ?? [],
      practices: Number(r.practices),
    })),
    totalCount: counted?.n ?? 0,
  };
}

/** One person's page: null when there is no such person. */
export async function userProfile(db: Db | Tx, userId: number, now: Date): Promise<AdminUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      isAdmin: users.isAdmin,
      disabledAt: users.disabledAt,
      active: sql<boolean>`${HAS_PASSWORD}`,
      created: users.createdAt,
      currentCompanyId: users.currentCompanyId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [memberships, [invitation]] = await Promise.all([
    db
      .select({ companyId: userCompanies.companyId, companyName: companies.name, roles: userCompanies.roles })
      .from(userCompanies)
      .innerJoin(companies, eq(companies.id, userCompanies.companyId))
      .where(eq(userCompanies.userId, userId))
      .orderBy(sql`lower(${companies.name})`, asc(companies.id)),
    db
      .select({ expires: sql<Date>`max(${passwordLinks.expiresAt})` })
      .from(passwordLinks)
      .where(
        and(
          eq(passwordLinks.userId, userId),
          eq(passwordLinks.kind, 'INVITE'),
          isNull(passwordLinks.usedAt),
          gt(passwordLinks.expiresAt, now),
        ),
      ),
  ]);
  return {
    ...user,
    disabledAt: iso(user.disabledAt),
    created: user.created.toISOString(),
    memberships: memberships.map((m) => ({ ...m, roles: m.roles as Role[] })),
    invitationExpires: invitation?.expires ? iso(invitation.expires) : null,
  };
}

/** Refuses a practice that does not exist, naming the field. */
async function requirePractices(tx: Tx, ids: number[], field: (i: number) => string) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.id} in ${ids}`);
  const known = new Set(found.map((c) => c.id));
  ids.forEach((id, i) => {
    if (!known.has(id)) throw new BadRequestError(field(i), `There is no practice ${id}.`);
  });
}

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Creates a person with no password yet, with `access` in one practice, and e-mails them their
 * invitation, in the caller's transaction. An e-mail address already used is refused on `field`.
 */
export async function createInvitedUser(
  ctx: AppContext,
  tx: Tx,
  actor: AuditActor,
  person: NewPerson,
  access: PracticeAccess,
  field: string,
): Promise<number> {
  const now = ctx.clock.now();
  // The insert is the check: of two invitations to one address at the same moment, one inserts and
  // the other inserts nothing and is refused, never a unique violation's 500.
  const [created] = await tx
    .insert(users)
    .values({ ...person, passwordHash: NO_PASSWORD_YET, currentCompanyId: access.companyId, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) throw new BadRequestError(field, 'is already used by another account');
  const userId = created.id;
  await tx.insert(userCompanies).values({ userId, companyId: access.companyId, roles: access.roles });
  await inviteUser(tx, userId, { publicUrl: ctx.publicUrl, now });
  await recordAudit(
    tx,
    actor,
    {
      action: 'user.invite',
      companyId: access.companyId,
      targetType: 'user',
      targetId: userId,
      after: {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        roles: access.roles,
      },
    },
    now,
  );
  return userId;
}

/** Invite a new person to one practice (Admin Users, 'Invite a person'). */
export async function invitePerson(
  ctx: AppContext,
  actor: AuditActor,
  body: NewPerson & { access: PracticeAccess },
): Promise<number> {
  const { access, ...person } = body;
  return ctx.db.transaction(async (tx) => {
    await requirePractices(tx, [access.companyId], () => 'body.access.companyId');
    return createInvitedUser(ctx, tx, actor, person, access, 'body.email');
  });
}

async function existing(tx: Tx, userId: number) {
  const [user] = await tx
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isAdmin: users.isAdmin,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new NotFoundError('The user');
  return user;
}

/** A new invitation link for a person who has not set a password yet (the old link keeps working until it expires). */
export async function resendInvitation(ctx: AppContext, actor: AuditActor, userId: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await existing(tx, userId);
    if (user.passwordHash !== NO_PASSWORD_YET) {
      throw new BadRequestError(
        'body.id',
        'This person has set a password already: they can reset it from the sign-in page.',
      );
    }
    await inviteUser(tx, userId, { publicUrl: ctx.publicUrl, now });
    await recordAudit(tx, actor, { action: 'user.reinvite', targetType: 'user', targetId: userId }, now);
  });
  return (await userProfile(ctx.db, userId, now))!;
}

/**
 * Sets a person's access: administrator or not, and their roles in each practice (a practice not
 * listed is taken away). An administrator cannot take away their own administrator flag: the
 * platform must never be left with nobody to manage it by one click.
 */
export async function setAccess(
  ctx: AppContext,
  actor: AuditActor,
  change: { id: number; isAdmin: boolean; memberships: PracticeAccess[] },
): Promise<AdminUser> {
  const now = ctx.clock.now();
  if (change.id === actor.userId && !change.isAdmin) {
    throw new BadRequestError('body.isAdmin', 'You cannot take away your own administrator access.');
  }
  await ctx.db.transaction(async (tx) => {
    const user = await existing(tx, change.id);
    await requirePractices(
      tx,
      change.memberships.map((m) => m.companyId),
      (i) => `body.memberships.${i}.companyId`,
    );
    const before = await tx
      .select({ companyId: userCompanies.companyId, roles: userCompanies.roles })
      .from(userCompanies)
      .where(eq(userCompanies.userId, change.id));
    await tx.delete(userCompanies).where(eq(userCompanies.userId, change.id));
    if (change.memberships.length > 0) {
      await tx
        .insert(userCompanies)
        .values(
          change.memberships.map((m) => ({ userId: change.id, companyId: m.companyId, roles: m.roles })),
        );
    }
    await tx.update(users).set({ isAdmin: change.isAdmin }).where(eq(users.id, change.id));
    // One entry per practice whose roles changed, on that practice's trail, and one for the flag.
    const was = new Map(before.map((b) => [b.companyId, [...b.roles].sort()]));
    const is = new Map(change.memberships.map((m) => [m.companyId, [...m.roles].sort()]));
    for (const companyId of new Set([...was.keys(), ...is.keys()])) {
      const roles = { before: was.get(companyId) ?? null, after: is.get(companyId) ?? null };
      if (JSON.stringify(roles.before) === JSON.stringify(roles.after)) continue;
      await recordAudit(
        tx,
        actor,
        {
          action: 'user.roles',
          companyId,
          targetType: 'user',
          targetId: change.id,
          before: { roles: roles.before },
          after: { roles: roles.after },
        },
        now,
      );
    }
    if (user.isAdmin !== change.isAdmin) {
      await recordAudit(
        tx,
        actor,
        {
          action: 'user.admin',
          targetType: 'user',
          targetId: change.id,
          before: { isAdmin: user.isAdmin },
          after: { isAdmin: change.isAdmin },
        },
        now,
      );
    }
  });
  ctx.accounts.forget(change.id);
  return (await userProfile(ctx.db, change.id, now))!;
}

/**
 * Disables a person's account (or enables it again). From the next call their tokens are refused on
 * every instance (AccountStates reads the flag), their refresh tokens and sign-in stop working (the
 * identity provider finds no account, and their sessions there are ended), and their hub
 * connections close.
 */
export async function setDisabled(
  ctx: AppContext,
  actor: AuditActor,
  change: { id: number; disabled: boolean },
): Promise<AdminUser> {
  const now = ctx.clock.now();
  if (change.id === actor.userId && change.disabled) {
    throw new BadRequestError('body.id', 'You cannot disable your own account.');
  }
  await ctx.db.transaction(async (tx) => {
    const user = await existing(tx, change.id);
    const wasDisabled = user.disabledAt !== null;
    if (wasDisabled === change.disabled) return;
    await tx
      .update(users)
      .set({ disabledAt: change.disabled ? now : null })
      .where(eq(users.id, change.id));
    if (change.disabled) {
      // Their sign-in sessions, grants and refresh tokens at the identity provider end with it: the
      // next visit to the sign-in page asks for a password, rather than failing on a session whose
      // account is gone.
      await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${String(change.id)}`);
    }
    await recordAudit(
      tx,
      actor,
      {
        action: change.disabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: change.id,
        before: { disabled: wasDisabled },
        after: { disabled: change.disabled },
      },
      now,
    );
  });
  ctx.accounts.forget(change.id, { disabled: change.disabled });
  return (await userProfile(ctx.db, change.id, now))!;
}
