/**
 * A change to one of the practice's settings, written with its audit-log entry in one transaction:
 * `change` makes the change in the transaction and says what the setting was and is; the entry holds
 * only the fields that differ, and a change that changed nothing writes no entry.
 */
import { recordChange, type AuditActor } from '../admin/audit.js';
import type { Db, Tx } from '../db/client.js';

export interface SettingChange<T> {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  result: T;
}

export async function auditedSetting<T>(
  db: Db,
  actor: AuditActor,
  at: Date,
  where: { companyId: number; section: string },
  change: (tx: Tx) => Promise<SettingChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { before, after, result } = await change(tx);
    await recordChange(
      tx,
      actor,
      {
        action: `settings.${where.section}`,
        companyId: where.companyId,
        targetType: 'settings',
        targetId: where.section,
      },
      { before, after },
      at,
    );
    return result;
  });
}
