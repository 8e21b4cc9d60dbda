/**
 * Bulk Apple Pay Status (embed-sdk/contract/wallets.ts): each practice's payment-page domains and
 * their registration at its processor account, and the runs that register or re-check them.
 *
 * A practice's domains are where the wallet's button is shown for it: the patient pages' own domain
 * (the server's public address) and the domain of every site the practice embeds our widgets on (its
 * embed origins). The registrations are the card-entry provider double's (card-provider/walletDomains.ts),
 * per processor account.
 *
 * A run is recorded by its request's Idempotency-Key and does its practices one by one, each in its
 * own transaction with the run's count, so the screen reads its progress meanwhile (PGlite is one
 * connection) and a run cut off by a stopped server finishes where it stopped when run again.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  PracticeWallet,
  WalletDomain,
  WalletRun,
  WalletStatus,
} from '../../embed-sdk/contract/wallets.js';
import { ADMIN_PAGE_SIZE } from '../../embed-sdk/contract/admin.js';
import { registrationsOf, verifyDomains } from '../card-provider/walletDomains.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { companies, practiceEmbedOrigins, walletRuns } from '../db/schema/index.js';
import { BadRequestError } from '../errors.js';
import { recordAudit, type AuditActor } from './audit.js';

interface PracticeDomains {
  companyId: number;
  companyName: string;
  businessId: string;
  domains: string[];
}

/** Every practice (or these) with its domains, by name. */
async function practiceDomains(ctx: AppContext, companyIds?: readonly number[]): Promise<PracticeDomains[]> {
  const own = new URL(ctx.publicUrl).hostname;
  const [practices, origins] = await Promise.all([
    ctx.db
      .select({ id: companies.id, name: companies.name, businessId: companies.businessId })
      .from(companies)
      .where(companyIds ? inArray(companies.id, [...companyIds]) : undefined)
      .orderBy(sql`lower(${companies.name})`, companies.id),
    ctx.db
      .select({ companyId: practiceEmbedOrigins.companyId, origin: practiceEmbedOrigins.origin })
      .from(practiceEmbedOrigins)
      .where(companyIds ? inArray(practiceEmbedOrigins.companyId, [...companyIds]) : undefined),
  ]);
  const hosts = new Map<number, Set<string>>();
  for (const o of origins) {
    const set = hosts.get(o.companyId) ?? new Set<string>();
    set.add(new URL(o.origin).hostname);
    hosts.set(o.companyId, set);
  }
  return practices.map((p) => ({
    companyId: p.id,
    companyName: p.name,
    businessId: p.businessId,
    domains: [own, ...[...(hosts.get(p.id) ?? [])].filter((h) => h !== own).sort()],
  }));
}

function overall(domains: WalletDomain[]): WalletStatus {
  if (domains.some((d) => d.status === 'FAILED')) return 'FAILED';
  if (domains.some((d) => d.status === 'NOT_REGISTERED')) return 'NOT_REGISTERED';
  return 'VERIFIED';
}

export async function listWallets(
  ctx: AppContext,
  filter: { search?: string; status?: WalletStatus; page: number },
) {
  const all = await practiceDomains(ctx);
  const registered = await registrationsOf(
    ctx.db,
    all.map((p) => p.businessId),
  );
  const byKey = new Map(registered.map((r) => [`${r.businessId}\n${r.domain}`, r]));
  const wallets: PracticeWallet[] = all.map((p) => {
    const domains = p.domains.map((domain): WalletDomain => {
      const r = byKey.get(`${p.businessId}\n${domain}`);
      return r
        ? { domain, status: r.status as WalletStatus, reason: r.reason, checkedAt: r.checkedAt.toISOString() }
        : { domain, status: 'NOT_REGISTERED', reason: null, checkedAt: null };
    });
    return { companyId: p.companyId, companyName: p.companyName, status: overall(domains), domains };
  });
  const text = filter.search?.trim().toLowerCase() ?? '';
  const searched = wallets.filter(
    (w) => !text || w.companyName.toLowerCase().includes(text) || String(w.companyId) === text,
  );
  const counts: Record<WalletStatus, number> = { NOT_REGISTERED: 0, VERIFIED: 0, FAILED: 0 };
  for (const w of searched) counts[w.status]++;
  const shown = filter.status ? searched.filter((w) => w.status === filter.status) : searched;
  // Those that need a person first.
  const order: Record<WalletStatus, number> = { FAILED: 0, NOT_REGISTERED: 1, VERIFIED: 2 };
  shown.sort((a, b) => order[a.status] - order[b.status]);
  return {
    practices: shown.slice((filter.page - 1) * ADMIN_PAGE_SIZE, filter.page * ADMIN_PAGE_SIZE),
    totalCount: shown.length,
    counts,
  };
}

type RunRecord = typeof walletRuns.$inferSelect;

const runOf = (r: RunRecord): WalletRun => ({
  action: r.action as WalletRun['action'],
  state: r.state as WalletRun['state'],
  practices: r.companyIds.length,
  done: r.done,
  failed: r.failed,
  startedBy: r.actorEmail,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

async function findRun(db: Db, key: string) {
  const [row] = await db.select().from(walletRuns).where(eq(walletRuns.key, key));
  return row ?? null;
}

export async function walletRunProgress(db: Db, key: string): Promise<WalletRun | null> {
  const row = await findRun(db, key);
  return row ? runOf(row) : null;
}

export async function latestWalletRuns(db: Db): Promise<WalletRun[]> {
  const rows = await db
    .select()
    .from(walletRuns)
    .orderBy(desc(walletRuns.startedAt), desc(walletRuns.id))
    .limit(5);
  return rows.map(runOf);
}

export async function runWallets(
  ctx: AppContext,
  actor: AuditActor,
  request: { action: 'REGISTER' | 'RECHECK'; companyIds: number[] },
  key: string,
): Promise<WalletRun> {
  let run = await findRun(ctx.db, key);
  if (!run) {
    const practices = await practiceDomains(ctx, request.companyIds);
    const missing = request.companyIds.filter((id) => !practices.some((p) => p.companyId === id));
    if (missing.length > 0) {
      throw new BadRequestError('body.companyIds', `there is no practice ${missing.join(', ')}`);
    }
    const now = ctx.clock.now();
    run = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(walletRuns)
        .values({
          key,
          action: request.action,
          companyIds: request.companyIds,
          state: 'RUNNING',
          actorEmail: actor.email,
          startedAt: now,
        })
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          action: request.action === 'REGISTER' ? 'wallets.register' : 'wallets.recheck',
          targetType: 'walletRun',
          targetId: row!.id,
          after: { companyIds: request.companyIds },
        },
        now,
      );
      return row!;
    });
  }
  // One practice at a time, from where the run stands.
  const practices = await practiceDomains(ctx, run.companyIds);
  const inOrder = run.companyIds.map((id) => practices.find((p) => p.companyId === id)!);
  for (const practice of inOrder.slice(run.done)) {
    const checked = await ctx.db.transaction(async (tx) => {
      const outcomes = await verifyDomains(tx, practice.businessId, practice.domains, ctx.clock.now());
      const failed = outcomes.some((o) => o.status === 'FAILED');
      const [row] = await tx
        .update(walletRuns)
        .set({ done: sql`${walletRuns.done} + 1`, failed: sql`${walletRuns.failed} + ${failed ? 1 : 0}` })
        .where(eq(walletRuns.id, run!.id))
        .returning();
      return row!;
    });
    run = checked;
  }
  const [done] = await ctx.db
    .update(walletRuns)
    .set({ state: 'DONE', finishedAt: run.finishedAt ?? ctx.clock.now() })
    .where(eq(walletRuns.id, run.id))
    .returning();
  return runOf(done!);
}
