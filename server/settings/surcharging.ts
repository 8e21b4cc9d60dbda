/**
 * A practice's credit-card surcharge: on or off, its rate and the state whose law applies
 * (embed-sdk/rules/surchargeLaw.ts). Settings › Surcharging and the admin area's gateway page both
 * save it through `writeSurcharging`, inside their own audited transaction, and then `forget` the
 * practice's cached row (practices/cache.ts), so that the next payment on any instance follows it.
 */
import { eq } from 'drizzle-orm';
import type { SurchargeSettings } from '../../embed-sdk/contract/settings.js';
import { isUsState } from '../../embed-sdk/rules/surchargeLaw.js';
import type { AuditActor } from '../admin/audit.js';
import { auditedSetting } from './audited.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { asPracticeId, type PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';

/** What may change: the gateway page sets the switch and the rate, Settings the state as well. */
export type SurchargeChange = Pick<SurchargeSettings, 'hasSurcharging' | 'surchargeRateBps'> & {
  state?: NonNullable<SurchargeSettings['state']>;
};

/** The practice's surcharge settings; null when there is no such practice. */
export async function surchargingOf(db: Db | Tx, companyId: number): Promise<SurchargeSettings | null> {
  const [row] = await db
    .select({
      hasSurcharging: companies.hasSurcharging,
      surchargeRateBps: companies.surchargeRateBps,
      state: companies.state,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  // A state the table does not know (none is ever saved) reads as not set, so Settings asks for it.
  return { ...row, state: row.state !== null && isUsState(row.state) ? row.state : null };
}

/**
 * Writes the surcharge settings, in the caller's transaction (the one that audits the change). The
 * caller forgets the practice's cached row once the transaction has committed.
 */
export async function writeSurcharging(tx: Tx, companyId: number, change: SurchargeChange): Promise<void> {
  await tx
    .update(companies)
    .set({
      hasSurcharging: change.hasSurcharging,
      surchargeRateBps: change.surchargeRateBps,
      ...(change.state !== undefined ? { state: change.state } : {}),
    })
    .where(eq(companies.id, companyId));
}

/** Settings › Surcharging: saves the practice's surcharge and its state, audited as 'settings.surcharging'. */
export async function saveSurcharging(
  ctx: AppContext,
  actor: AuditActor,
  practice: PracticeId,
  change: Required<SurchargeChange>,
): Promise<SurchargeSettings> {
  const now = ctx.clock.now();
  const saved = await auditedSetting(
    ctx.db,
    actor,
    now,
    { companyId: practice, section: 'surcharging' },
    async (tx) => {
      const [locked] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, practice))
        .for('update');
      if (!locked) throw new NotFoundError('The practice');
      const before = (await surchargingOf(tx, practice))!;
      await writeSurcharging(tx, practice, change);
      const after = (await surchargingOf(tx, practice))!;
      return { before, after, result: after };
    },
  );
  ctx.companies.forget(asPracticeId(practice));
  return saved;
}
