/**
 * The platform's own settings, which an administrator sets on System Admin and every person sees:
 * the support link of the user menu, the release version it shows, and a maintenance banner at the
 * top of every page. One row per key (platform_settings), its text as `{ text }` (a bare JSON
 * string such as "2026.12" would be read back as a number); a key never set has its default.
 */
import type { PlatformSettings } from '../../../embed-sdk/contract/admin.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { platformSettings } from '../../db/schema/admin.js';
import { RELEASE_VERSION } from '../../version.js';
import { changedFields, recordAudit, type AuditActor } from '../audit.js';

export const DEFAULT_SETTINGS: PlatformSettings = {
  supportLink: '',
  releaseVersion: RELEASE_VERSION,
  maintenanceBanner: '',
};

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof PlatformSettings)[];

export async function readPlatformSettings(db: Db | Tx): Promise<PlatformSettings> {
  const rows = await db.select().from(platformSettings);
  const settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    const text = (row.value as { text?: unknown } | null)?.text;
    if (KEYS.includes(row.key as keyof PlatformSettings) && typeof text === 'string') {
      settings[row.key as keyof PlatformSettings] = text;
    }
  }
  return settings;
}

/** Saves the settings; the audit log records the fields that changed, in the same transaction. */
export async function savePlatformSettings(
  ctx: AppContext,
  actor: AuditActor,
  next: PlatformSettings,
): Promise<PlatformSettings> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await readPlatformSettings(tx);
    const diff = changedFields({ ...before }, { ...next });
    if (Object.keys(diff.after).length === 0) return before;
    for (const key of Object.keys(diff.after) as (keyof PlatformSettings)[]) {
      await tx
        .insert(platformSettings)
        .values({ key, value: { text: next[key] }, updatedAt: now })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value: { text: next[key] }, updatedAt: now },
        });
    }
    await recordAudit(
      tx,
      actor,
      { action: 'platform.settings', targetType: 'platform', targetId: 'settings', ...diff },
      now,
    );
    return next;
  });
}
