/**
 * Each practice's processor account as the admin area keeps it (Gateways): its business, app and
 * store ids, its terminals, its surcharge and its API key. The key is a secret: it is stored apart
 * (gateway_credentials), answered only masked, written to the audit log only masked, and never
 * logged. A change is audited in its transaction and reaches every server instance's copy of the
 * practice (CompanyCache) at once, so the next payment page shows the new surcharge.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  type Gateway,
  type GatewayRow,
  type saveGateway,
} from '../../../embed-sdk/contract/admin.js';
import type { GatewayCode } from '../../../embed-sdk/contract/common.js';
import { CardProviderError } from '../../card-provider/gateway.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { companies, gatewayCredentials, gatewayTerminals } from '../../db/schema/index.js';
import { asPracticeId } from '../../db/scope.js';
import { NotFoundError } from '../../errors.js';
import { writeSurcharging } from '../../settings/surcharging.js';
import { recordChange, type AuditActor } from '../audit.js';

/** A secret as anyone may see it: its last four characters. */
export function masked(secret: string): string {
  return `••••${secret.slice(-4)}`;
}

function matching(search: string | undefined): SQL {
  const text = search?.trim() ?? '';
  if (text === '') return sql`true`;
  const c = companies;
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return sql`(strpos(lower(${c.name}), lower(${text})) > 0 or lower(${c.businessId}) = lower(${text})${
    id !== null ? sql` or ${c.id} = ${id}` : sql``
  })`;
}

interface Row {
  id: number;
  name: string;
  gateway_code: string;
  business_id: string;
  app_id: string;
  store_id: string;
  has_surcharging: boolean;
  surcharge_rate_bps: number;
  state: string | null;
  terminals: number;
  has_api_key: boolean;
}

export async function listGateways(
  db: Db,
  filter: { search?: string; page: number },
): Promise<{ gateways: GatewayRow[]; totalCount: number }> {
  const where = matching(filter.search);
  const c = companies;
  const [page, total] = await Promise.all([
    db.execute(sql`
      with page as (
        select ${c.id} as id, ${c.name} as name, ${c.gatewayCode} as gateway_code,
               ${c.businessId} as business_id, ${c.appId} as app_id, ${c.storeId} as store_id,
               ${c.hasSurcharging} as has_surcharging, ${c.surchargeRateBps} as surcharge_rate_bps,
               ${c.state} as state
          from ${c}
         where ${where}
         order by lower(${c.name}), ${c.id}
         limit ${ADMIN_PAGE_SIZE} offset ${(filter.page - 1) * ADMIN_PAGE_SIZE})
      select page.*,
             (select count(*)::int from ${gatewayTerminals} where ${gatewayTerminals.companyId} = page.id) as terminals,
             exists (select 1 from ${gatewayCredentials} where ${gatewayCredentials.companyId} = page.id) as has_api_key
        from page
       order by lower(page.name), page.id`),
    db.execute(sql`select count(*)::int as n from ${c} where ${where}`),
  ]);
  const rows = (page as unknown as { rows: Row[] }).rows;
  const [counted] = (total as unknown as { rows: { n: number }[] }).rows;
  return {
    gateways: rows.map((r) => ({
      companyId: r.id,
      companyName: r.name,
      gatewayCode: r.gateway_code as GatewayCode,
      businessId: r.business_id,
      appId: r.app_id,
      storeId: r.store_id,
      hasSurcharging: r.has_surcharging,
      surchargeRateBps: r.surcharge_rate_bps,
      state: r.state,
      terminals: Number(r.terminals),
      hasApiKey: r.has_api_key,
    })),
    totalCount: counted?.n ?? 0,
  };
}

/** One practice's processor account, the key masked; null when there is no such practice. */
export async function gatewayOf(db: Db | Tx, companyId: number): Promise<Gateway | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const [terminals, [credentials]] = await Promise.all([
    db
      .select({
        id: gatewayTerminals.id,
        label: gatewayTerminals.label,
        serialNumber: gatewayTerminals.serialNumber,
      })
      .from(gatewayTerminals)
      .where(eq(gatewayTerminals.companyId, companyId))
      .orderBy(asc(gatewayTerminals.id)),
    db.select().from(gatewayCredentials).where(eq(gatewayCredentials.companyId, companyId)),
  ]);
  return {
    companyId: company.id,
    companyName: company.name,
    gatewayCode: company.gatewayCode as GatewayCode,
    businessId: company.businessId,
    appId: company.appId,
    storeId: company.storeId,
    hasSurcharging: company.hasSurcharging,
    surchargeRateBps: company.surchargeRateBps,
    state: company.state,
    terminals,
    apiKey: credentials
      ? { masked: masked(credentials.apiKey), updated: credentials.updatedAt.toISOString() }
      : null,
  };
}

type GatewayChange = z.output<(typeof saveGateway)['body']>;

/** What the audit log records of an account: the key only masked. */
function audited(g: Gateway) {
  return {
    businessId: g.businessId,
    appId: g.appId,
    storeId: g.storeId,
    hasSurcharging: g.hasSurcharging,
    surchargeRateBps: g.surchargeRateBps,
    terminals: g.terminals.map((t) => `${t.label} (${t.serialNumber})`),
    apiKey: g.apiKey?.masked ?? null,
  };
}

export async function saveGatewayAccount(ctx: AppContext, actor: AuditActor, change: GatewayChange) {
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, change.companyId))
      .for('update');
    if (!locked) throw new NotFoundError('The practice');
    const before = (await gatewayOf(tx, change.companyId))!;
    await tx
      .update(companies)
      .set({ businessId: change.businessId, appId: change.appId, storeId: change.storeId })
      .where(eq(companies.id, change.companyId));
    // The surcharge is saved as Settings › Surcharging saves it.
    await writeSurcharging(tx, change.companyId, {
      hasSurcharging: change.hasSurcharging,
      surchargeRateBps: change.surchargeRateBps,
    });
    // Terminals kept by serial number keep their row; the others go, and new ones are added.
    const wanted = new Map(change.terminals.map((t) => [t.serialNumber.toUpperCase(), t]));
    for (const t of before.terminals) {
      const next = wanted.get(t.serialNumber.toUpperCase());
      if (!next) await tx.delete(gatewayTerminals).where(eq(gatewayTerminals.id, t.id));
      else if (next.label !== t.label) {
        await tx.update(gatewayTerminals).set({ label: next.label }).where(eq(gatewayTerminals.id, t.id));
      }
      wanted.delete(t.serialNumber.toUpperCase());
    }
    if (wanted.size > 0) {
      await tx.insert(gatewayTerminals).values(
        [...wanted.values()].map((t) => ({
          companyId: change.companyId,
          label: t.label,
          serialNumber: t.serialNumber.toUpperCase(),
          createdAt: now,
        })),
      );
    }
    if (change.apiKey !== undefined) {
      await tx
        .insert(gatewayCredentials)
        .values({ companyId: change.companyId, apiKey: change.apiKey, updatedAt: now })
        .onConflictDoUpdate({
          target: gatewayCredentials.companyId,
          set: { apiKey: change.apiKey, updatedAt: now },
        });
    }
    const after = (await gatewayOf(tx, change.companyId))!;
    await recordChange(
      tx,
      actor,
      {
        action: 'gateway.update',
        companyId: change.companyId,
        targetType: 'gateway',
        targetId: change.companyId,
      },
      { before: audited(before), after: audited(after) },
      now,
    );
    return after;
  });
  ctx.companies.forget(asPracticeId(change.companyId));
  return saved;
}

/** Asks the card provider about the account on file: a refusal is an answer here, not an error. */
export async function testGatewayAccount(ctx: AppContext, companyId: number) {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new NotFoundError('The practice');
  const [credentials] = await ctx.db
    .select()
    .from(gatewayCredentials)
    .where(eq(gatewayCredentials.companyId, companyId));
  if (!credentials) return { ok: false, message: 'There is no API key on file: enter one and save first.' };
  try {
    const answer = await ctx.cards.checkAccount({
      businessId: company.businessId,
      appId: company.appId,
      storeId: company.storeId,
      apiKey: credentials.apiKey,
    });
    return {
      ok: true,
      message: `The card provider accepts business ${answer.businessId} with this key (${answer.live ? 'live' : 'test'} mode).`,
    };
  } catch (error) {
    if (error instanceof CardProviderError) return { ok: false, message: error.message };
    throw error;
  }
}
