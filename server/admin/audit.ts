/**
 * The audit log of the admin area: who changed what, when, with the values before and after. Every
 * admin change calls `recordAudit` with the transaction that makes the change, so the entry and the
 * change are written together or not at all. Nothing here updates or deletes an entry.
 */
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AuditEntry, type AuditPage } from '../../embed-sdk/contract/admin.js';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema/admin.js';

/** The administrator who acts. */
export interface AuditActor {
  userId: number;
  email: string;
}

export interface AuditChange {
  action: string;
  companyId?: number | null;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The fields of `before` and `after` that differ, each side keeping only those: an update's entry
 * says what changed, not the whole record. Values are compared as JSON.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key] ?? null;
      is[key] = after[key] ?? null;
    }
  }
  return { before: was, after: is };
}

/**
 * Records an update of a record: `before` and `after` are its fields as they were and are, and the
 * entry keeps only those that differ. An update that changed nothing writes no entry. Whether it wrote one.
 */
export async function recordChange(
  tx: Db | Tx,
  actor: AuditActor,
  change: Omit<AuditChange, 'before' | 'after'>,
  states: { before: Record<string, unknown>; after: Record<string, unknown> },
  at: Date,
): Promise<boolean> {
  const diff = changedFields(states.before, states.after);
  if (Object.keys(diff.after).length === 0) return false;
  await recordAudit(tx, actor, { ...change, ...diff }, at);
  return true;
}

/** Writes one entry, in the transaction of the change it records. */
export async function recordAudit(tx: Db | Tx, actor: AuditActor, change: AuditChange, at: Date) {
  await tx.insert(auditLog).values({
    at,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: change.action,
    companyId: change.companyId ?? null,
    targetType: change.targetType,
    targetId: String(change.targetId),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export interface AuditFilter {
  companyId?: number;
  targetType?: string;
  targetId?: string;
  /** Only these actions: a name, or a prefix ending in '.*' ('settings.*'). */
  actions?: readonly string[];
}

/** The entries that match, newest first, a page of ten at a time. */
export async function listAudit(db: Db, filter: AuditFilter, page: number): Promise<AuditPage> {
  const where: SQL[] = [];
  if (filter.companyId !== undefined) where.push(eq(auditLog.companyId, filter.companyId));
  if (filter.targetType !== undefined) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId !== undefined) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.actions !== undefined) {
    where.push(
      or(
        ...filter.actions.map((a) =>
          a.endsWith('.*') ? like(auditLog.action, `${a.slice(0, -1)}%`) : eq(auditLog.action, a),
        ),
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return {
    entries: rows.map((r): AuditEntry => ({
      id: r.id,
      at: r.at.toISOString(),
      actorUserId: r.actorUserId,
      actorEmail: r.actorEmail,
      action: r.action,
      companyId: r.companyId,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
    })),
    totalCount: total?.n ?? 0,
  };
}
