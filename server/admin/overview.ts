/**
 * The admin area's home: the platform at a glance. Like the Dentists screen (companies/store.ts), it
 * reads what several capabilities keep, read-only: practices, people and today's payments in one
 * statement here; the connectors, queues and anomalies through their own modules.
 */
import { sql } from 'drizzle-orm';
import type { adminOverview } from '../../embed-sdk/contract/overview.js';
import type { ValueOf } from '../../embed-sdk/contract/endpoint.js';
import type { AppContext } from '../context.js';
import { companies, transactions, users } from '../db/schema/index.js';
import { startOfDay } from '../domain/reports/periods.js';
import { connectorStateCounts } from '../practice-system/connectors.js';
import { openAnomalies } from './anomalies.js';
import { VOLUME_DAYS } from './companies/store.js';
import { queueSummaries } from './queues.js';

interface Figures {
  practices: number;
  active_practices: number;
  active_people: number;
  invited: number;
  disabled: number;
  approvals: number;
  declines: number;
  volume: string | number;
}

export async function platformOverview(ctx: AppContext): Promise<ValueOf<typeof adminOverview>> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - VOLUME_DAYS * 86_400_000);
  const today = startOfDay(now);
  const t = transactions;
  const u = users;
  const [figures, connectors, queues, anomalies] = await Promise.all([
    ctx.db.execute(sql`
      select (select count(*)::int from ${companies}) as practices,
             (select count(distinct ${t.companyId})::int from ${t}
               where ${t.status} = 'APPROVED' and ${t.created} >= ${since.toISOString()}::timestamptz) as active_practices,
             (select count(*)::int from ${u} where ${u.disabledAt} is null and ${u.termsAcceptedAt} is not null) as active_people,
             (select count(*)::int from ${u} where ${u.disabledAt} is null and ${u.termsAcceptedAt} is null) as invited,
             (select count(*)::int from ${u} where ${u.disabledAt} is not null) as disabled,
             count(*) filter (where ${t.status} = 'APPROVED')::int as approvals,
             count(*) filter (where ${t.status} = 'DECLINED')::int as declines,
             coalesce(sum(${t.amount}) filter (where ${t.status} = 'APPROVED'), 0) as volume
        from ${t} where ${t.created} >= ${today.toISOString()}::timestamptz`),
    connectorStateCounts(ctx.db, now),
    queueSummaries(ctx),
    openAnomalies(ctx.db),
  ]);
  const f = (figures as unknown as { rows: Figures[] }).rows[0]!;
  return {
    at: now.toISOString(),
    practices: { total: Number(f.practices), active: Number(f.active_practices) },
    people: { active: Number(f.active_people), invited: Number(f.invited), disabled: Number(f.disabled) },
    today: { approvals: Number(f.approvals), declines: Number(f.declines), volume: Number(f.volume) },
    connectors,
    queues,
    anomalies: { open: anomalies.openCount, byKind: anomalies.openCounts, checkedAt: anomalies.checkedAt },
  };
}
