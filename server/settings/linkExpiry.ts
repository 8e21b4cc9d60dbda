/**
 * How long the practice's patient links work (practice_link_settings; contract/patientLinks.ts). The
 * capabilities that send links read it here when they send one, show one to staff, or open one for a
 * patient: it is read from the database each time (one row by its key), so a change made through
 * any instance applies at once to every link, those already sent included.
 */
import { DEFAULT_LINK_EXPIRY, type LinkExpirySettings } from '../../embed-sdk/contract/patientLinks.js';
import type { AuditActor } from '../admin/audit.js';
import type { Db, Tx } from '../db/client.js';
import { auditedSetting } from './audited.js';
import { practiceLinkSettings } from '../db/schema/settings.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import { linkDaysFor, type LinkKind } from '../domain/outbox/linkExpiry.js';

export async function linkExpiryOf(db: Db | Tx, practice: PracticeId): Promise<LinkExpirySettings> {
  const [row] = await db
    .select({
      paymentLinkDays: practiceLinkSettings.paymentLinkDays,
      enrollmentLinkDays: practiceLinkSettings.enrollmentLinkDays,
      cardRequestLinkDays: practiceLinkSettings.cardRequestLinkDays,
    })
    .from(practiceLinkSettings)
    .where(inPractice(practiceLinkSettings, practice));
  return row ?? DEFAULT_LINK_EXPIRY;
}

/** The days a link of this kind works at this practice. */
export async function linkDaysOf(db: Db | Tx, practice: PracticeId, kind: LinkKind): Promise<number> {
  return linkDaysFor(await linkExpiryOf(db, practice), kind);
}

/** Saves the practice's link days, audited as 'settings.linkExpiry'. */
export async function saveLinkExpiry(
  db: Db,
  actor: AuditActor,
  practice: PracticeId,
  settings: LinkExpirySettings,
  now: Date,
): Promise<LinkExpirySettings> {
  await auditedSetting(db, actor, now, { companyId: practice, section: 'linkExpiry' }, async (tx) => {
    const before = await linkExpiryOf(tx, practice);
    const values = { ...settings, updatedAt: now };
    await tx
      .insert(practiceLinkSettings)
      .values({ companyId: practice, ...values })
      .onConflictDoUpdate({ target: practiceLinkSettings.companyId, set: values });
    return { before: { ...before }, after: { ...settings }, result: undefined };
  });
  return linkExpiryOf(db, practice);
}
