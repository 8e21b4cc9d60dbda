/**
 * The terms of service in force: the newest version an administrator published, or the sandbox's
 * built-in text before any. Publishing a version sends every person through the terms gate again:
 * the server compares the version each person accepted with this one on every call
 * (AccountStates in server/http/caller.ts), so no page can skip the gate.
 */
import { desc } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { termsVersions } from '../../db/schema/admin.js';
import { BadRequestError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit.js';
import { TERMS_OF_SERVICE, TERMS_VERSION } from './builtInTerms.js';

export interface Terms {
  version: string;
  text: string;
  /** When it was published (ISO); null for the built-in text. */
  publishedAt: string | null;
}

export async function termsInForce(db: Db | Tx): Promise<Terms> {
  const [row] = await db.select().from(termsVersions).orderBy(desc(termsVersions.id)).limit(1);
  if (!row) return { version: TERMS_VERSION, text: TERMS_OF_SERVICE, publishedAt: null };
  return { version: row.version, text: row.text, publishedAt: row.publishedAt.toISOString() };
}

/**
 * Publishes a new version: it is in force from the moment this returns, on every instance. A version
 * name used before (or the built-in one's) is refused: a person who accepted it must not be let
 * through on a different text.
 */
export async function publishTerms(
  ctx: AppContext,
  actor: AuditActor,
  terms: { version: string; text: string },
): Promise<Terms> {
  const now = ctx.clock.now();
  const published = await ctx.db.transaction(async (tx) => {
    const before = await termsInForce(tx);
    const usedBefore = () =>
      new BadRequestError('body.version', `Version ${terms.version} was published before: name a new one.`);
    if (terms.version === TERMS_VERSION) throw usedBefore();
    // The insert is the check: two publications of one version at the same moment add one row, and
    // the other is refused rather than failing on the unique index.
    const [added] = await tx
      .insert(termsVersions)
      .values({ version: terms.version, text: terms.text, publishedAt: now, publishedBy: actor.userId })
      .onConflictDoNothing({ target: termsVersions.version })
      .returning({ id: termsVersions.id });
    if (!added) throw usedBefore();
    await recordAudit(
      tx,
      actor,
      {
        action: 'platform.terms',
        targetType: 'platform',
        targetId: 'terms',
        before: { version: before.version },
        after: { version: terms.version },
      },
      now,
    );
    return { version: terms.version, text: terms.text, publishedAt: now.toISOString() };
  });
  ctx.accounts.forgetEveryone();
  return published;
}
