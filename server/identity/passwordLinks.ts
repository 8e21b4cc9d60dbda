/**
 * One-time links of the identity provider: a password reset (forgot password) and an invitation to
 * set a first password. The link carries 32 random bytes; only their SHA-256 is stored (the secret
 * has full entropy, so a fast hash is enough and nothing in the table opens an account). A link works
 * once and until it expires; setting a password uses up every open link of that person.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { passwordLinks, users } from '../db/schema/identity.js';
import { sendAccountEmail } from '../outbox/store.js';
import { hashPassword } from './passwords.js';

export type PasswordLinkKind = 'RESET' | 'INVITE';

/** A reset link is for the person at the screen now: an hour is plenty and keeps a leaked mail short-lived. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** An invitation waits in an inbox until the new user gets to it. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const TTL: Record<PasswordLinkKind, number> = { RESET: PASSWORD_RESET_TTL_MS, INVITE: INVITATION_TTL_MS };

/** Where the links lead: the identity provider's own page (server-rendered, beside the sign-in page). */
export const PASSWORD_LINK_PATH = '/account/password';

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, 43 URL-safe characters. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function passwordLinkUrl(publicUrl: string, token: string, continueSignIn?: string): string {
  const url = new URL(`${PASSWORD_LINK_PATH}/${token}`, publicUrl);
  if (continueSignIn) url.searchParams.set('continue', continueSignIn);
  return url.href;
}

interface LinkMail {
  subject: string;
  body: (firstName: string, link: string) => string;
}

const MAILS: Record<PasswordLinkKind, LinkMail> = {
  RESET: {
    subject: 'Reset your Chairside password',
    body: (firstName, link) =>
      `Hi ${firstName}, someone (we hope you) asked to reset your Chairside password. Set a new one here within an hour: ${link} If it was not you, ignore this e-mail: your password stays as it is.`,
  },
  INVITE: {
    subject: 'You are invited to Chairside',
    body: (firstName, link) =>
      `Hi ${firstName}, you have been given access to Chairside, patient payments for your practice. Set your password here within 7 days, then sign in with this e-mail address: ${link}`,
  },
};

/** Creates a link for the user and e-mails it to them (the sandbox's outbox). Answers the link. */
async function sendLink(
  db: Db | Tx,
  user: { id: number; email: string; firstName: string },
  kind: PasswordLinkKind,
  opts: { publicUrl: string; now: Date; continueSignIn?: string },
): Promise<string> {
  const token = newSecret();
  const link = passwordLinkUrl(opts.publicUrl, token, opts.continueSignIn);
  await db.insert(passwordLinks).values({
    userId: user.id,
    kind,
    tokenHash: hashLinkToken(token),
    createdAt: opts.now,
    expiresAt: new Date(opts.now.getTime() + TTL[kind]),
  });
  await sendAccountEmail(
    db,
    {
      recipient: user.email,
      subject: MAILS[kind].subject,
      body: MAILS[kind].body(user.firstName, link),
      link,
    },
    opts.now,
  );
  return link;
}

/**
 * Forgot password: e-mails a reset link when the address belongs to someone, and does nothing
 * otherwise. The caller answers the same either way, so the page tells nobody who has an account.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  opts: { publicUrl: string; now: Date; continueSignIn?: string },
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return;
  await sendLink(db, user, 'RESET', opts);
}

/**
 * An invitation for a user (one the admin area created): an e-mail with a link that sets their first
 * password. Answers the link (the sandbox shows it in the outbox too).
 */
export async function inviteUser(
  db: Db | Tx,
  userId: number,
  opts: { publicUrl: string; now: Date },
): Promise<string> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId} to invite.`);
  return sendLink(db, user, 'INVITE', opts);
}

export type LinkLookup =
  | {
      status: 'OPEN';
      id: number;
      kind: PasswordLinkKind;
      user: { id: number; email: string; firstName: string };
    }
  | { status: 'USED' | 'EXPIRED'; kind: PasswordLinkKind }
  | { status: 'UNKNOWN' };

/** What a link's token opens, if anything. */
export async function findPasswordLink(db: Db, token: string, now: Date): Promise<LinkLookup> {
  const [found] = await db
    .select({
      link: passwordLinks,
      user: { id: users.id, email: users.email, firstName: users.firstName },
    })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(eq(passwordLinks.tokenHash, hashLinkToken(token)));
  if (!found) return { status: 'UNKNOWN' };
  const kind = found.link.kind as PasswordLinkKind;
  if (found.link.usedAt) return { status: 'USED', kind };
  if (found.link.expiresAt.getTime() <= now.getTime()) return { status: 'EXPIRED', kind };
  return { status: 'OPEN', id: found.link.id, kind, user: found.user };
}

/**
 * Sets the password through an open link, once: the link is claimed in the same transaction (of two
 * submissions at once, the second finds it used), and every other open link of the person is used up
 * with it. False when the link was no longer open.
 */
export async function setPasswordThroughLink(
  db: Db,
  linkId: number,
  password: string,
  now: Date,
): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordLinks)
      .set({ usedAt: now })
      .where(
        and(eq(passwordLinks.id, linkId), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now)),
      )
      .returning({ userId: passwordLinks.userId });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, claimed.userId));
    await tx
      .update(passwordLinks)
      .set({ usedAt: now })
      .where(and(eq(passwordLinks.userId, claimed.userId), isNull(passwordLinks.usedAt)));
    return true;
  });
}
