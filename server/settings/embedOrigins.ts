/**
 * The practices' embed origins (practice_embed_origins): the partners' pages that may call the API
 * with a practice's tokens. One list feeds every place that trusts a partner's origin: CORS on /api
 * (http/cors.ts), the identity provider's sign-in redirects for the portal client, and the card-entry
 * frame's allowed parents.
 *
 * Those places ask on every request, so the whole table (a few rows per practice) is held in memory
 * and read again when it is older than ORIGINS_CACHE_MS: a change made through another instance
 * shows here within that time; a change made here shows at once (`changed`).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_EMBED_ORIGINS, type EmbedOrigin } from '../../embed-sdk/contract/settings.js';
import type { AuditActor } from '../admin/audit.js';
import type { Db } from '../db/client.js';
import { auditedSetting } from './audited.js';
import { practiceEmbedOrigins } from '../db/schema/settings.js';
import { everyPracticeId } from '../practices/store.js';

/** How stale another instance's change may be here. */
export const ORIGINS_CACHE_MS = 2_000;

export async function listOrigins(db: Db, companyId: number): Promise<EmbedOrigin[]> {
  const rows = await db
    .select()
    .from(practiceEmbedOrigins)
    .where(eq(practiceEmbedOrigins.companyId, companyId))
    .orderBy(asc(practiceEmbedOrigins.createdAt), asc(practiceEmbedOrigins.origin));
  return rows.map((r) => ({ origin: r.origin, created: r.createdAt.toISOString() }));
}

/** Adds a normalised origin; false when the practice already lists as many as it may. */
export async function addOrigin(
  db: Db,
  actor: AuditActor,
  companyId: number,
  origin: string,
  now: Date,
): Promise<boolean> {
  return auditedSetting(db, actor, now, { companyId, section: 'embedOrigins' }, async (tx) => {
    const [listed] = await tx
      .select({ n: count() })
      .from(practiceEmbedOrigins)
      .where(eq(practiceEmbedOrigins.companyId, companyId));
    if ((listed?.n ?? 0) >= MAX_EMBED_ORIGINS) return { before: {}, after: {}, result: false };
    const added = await tx
      .insert(practiceEmbedOrigins)
      .values({ companyId, origin, createdAt: now })
      .onConflictDoNothing()
      .returning({ origin: practiceEmbedOrigins.origin });
    return added.length > 0
      ? { before: { added: null }, after: { added: origin }, result: true }
      : { before: {}, after: {}, result: true };
  });
}

/** Removes an origin of this practice; false when the practice does not list it. */
export async function removeOrigin(
  db: Db,
  actor: AuditActor,
  companyId: number,
  origin: string,
  now: Date,
): Promise<boolean> {
  return auditedSetting(db, actor, now, { companyId, section: 'embedOrigins' }, async (tx) => {
    const removed = await tx
      .delete(practiceEmbedOrigins)
      .where(and(eq(practiceEmbedOrigins.companyId, companyId), eq(practiceEmbedOrigins.origin, origin)))
      .returning({ origin: practiceEmbedOrigins.origin });
    return removed.length > 0
      ? { before: { removed: null }, after: { removed: origin }, result: true }
      : { before: {}, after: {}, result: false };
  });
}

/**
 * OIDC_REDIRECT_ORIGINS, a server-wide setting before practices had their own list: at start-up
 * every practice lists each of them (an origin already listed stays as it is).
 */
export async function seedOrigins(db: Db, origins: readonly string[], now: Date) {
  if (origins.length === 0) return;
  const practices = await everyPracticeId(db);
  const rows = practices.flatMap((id) =>
    origins.map((origin) => ({ companyId: id, origin, createdAt: now })),
  );
  if (rows.length > 0) await db.insert(practiceEmbedOrigins).values(rows).onConflictDoNothing();
}

export class EmbedOrigins {
  private byOrigin = new Map<string, ReadonlySet<number>>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;
  /** Bumped by each change made here, so a read already under way does not count as fresh. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** Reads the table again if the copy here is older than ORIGINS_CACHE_MS. */
  async fresh(): Promise<void> {
    if (performance.now() - this.loadedAt < ORIGINS_CACHE_MS) return;
    this.loading ??= this.load().finally(() => (this.loading = null));
    await this.loading;
  }

  private async load() {
    const started = performance.now();
    const generation = this.generation;
    const rows = await this.db
      .select({ companyId: practiceEmbedOrigins.companyId, origin: practiceEmbedOrigins.origin })
      .from(practiceEmbedOrigins);
    const byOrigin = new Map<string, Set<number>>();
    for (const { companyId, origin } of rows) {
      let practices = byOrigin.get(origin);
      if (!practices) byOrigin.set(origin, (practices = new Set()));
      practices.add(companyId);
    }
    this.byOrigin = byOrigin;
    if (generation === this.generation) this.loadedAt = started;
  }

  /** After a change made here: the next question reads the table. */
  changed() {
    this.generation += 1;
    this.loadedAt = -Infinity;
  }

  /** Some practice lists it (as of the last `fresh`). */
  isListed(origin: string): boolean {
    return this.byOrigin.has(origin);
  }

  /** This practice lists it (as of the last `fresh`). */
  isListedBy(companyId: number, origin: string): boolean {
    return this.byOrigin.get(origin)?.has(companyId) ?? false;
  }

  /** Every listed origin (as of the last `fresh`). */
  all(): string[] {
    return [...this.byOrigin.keys()];
  }
}
