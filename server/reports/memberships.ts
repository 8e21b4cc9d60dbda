/**
 * The Memberships report's statement (its rules are on the contract, reportMemberships.ts): one round
 * trip. The totals are one-row aggregates (FILTER clauses) over the practice's memberships, with the
 * membership payments of the period (reportSql.ts collectedBy); the plans' figures are grouped by
 * plan over the active memberships' lines; the database adds up both.
 */
import { sql, type SQL } from 'drizzle-orm';
import * as contract from '../../embed-sdk/contract/reportMemberships.js';
import {
  customerMembershipBillingLines,
  customerMembershipBillings,
  customers,
  membershipPlans,
} from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';
import { defineReport } from './registry.js';
import { collectedBy } from './reportSql.js';

const m = customerMembershipBillings;
const l = customerMembershipBillingLines;

type Row = Record<string, string | null>;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The memberships of the clinics asked for (their holder's clinic), all of them when none are. */
function clinicCondition(clinicNums: readonly number[] | undefined): SQL {
  if (!clinicNums?.length) return sql`true`;
  return sql`exists (select 1 from ${customers}
                      where ${customers.companyId} = ${m.companyId} and ${customers.id} = ${m.customerId}
                        and ${customers.clinicNum} in (${sql.join(
                          clinicNums.map((n) => sql`${n}`),
                          sql`, `,
                        )}))`;
}

/** Active on the day whose midnight after is `dayOver` (started by then, not ended before it). */
const activeOn = (day: string, dayOver: Date) => sql`(${m.startDate} <= ${day}::date
  and (${m.cancelledDate} is null or ${m.cancelledDate} >= ${at(dayOver)})
  and (${m.expiredDate} is null or ${m.expiredDate} >= ${at(dayOver)}))`;

/** A price a month: a yearly price ÷ 12 (kept exact; the sum is rounded once). */
const monthly = (amount: SQL | { getSQL(): SQL }) =>
  sql`case when ${m.cycle} = 'YEARLY' then ${amount}::numeric / 12 else ${amount}::numeric end`;

function statement(practice: PracticeId, request: contract.MembershipsReportRequest) {
  const { from, before } = dayRange(request.from, request.to);
  const activeAtEnd = activeOn(request.to, before!);
  const activeAtStart = sql`(${m.startDate} < ${request.from}::date
    and (${m.cancelledDate} is null or ${m.cancelledDate} >= ${at(from!)})
    and (${m.expiredDate} is null or ${m.expiredDate} >= ${at(from!)}))`;
  const scope = sql`${m.companyId} = ${practice} and ${m.status} <> 'AWAITINGPATIENT' and ${clinicCondition(request.clinicNums)}`;
  const end = sql`${request.to}::date`;
  return sql`
    with totals as (
      select count(*) filter (where ${activeAtEnd}) as active,
             count(*) filter (where ${activeAtStart}) as active_at_start,
             count(*) filter (where ${m.startDate} >= ${request.from}::date and ${m.startDate} <= ${end}) as new,
             count(*) filter (where ${m.cancelledDate} >= ${at(from!)} and ${m.cancelledDate} < ${at(before!)}) as canceled,
             coalesce(round(sum(${monthly(m.amount)}) filter (where ${activeAtEnd})), 0) as mrr,
             count(*) filter (where ${m.status} = 'ACTIVE' and ${m.renewsOn} > ${end}
                                and ${m.renewsOn} <= ${end} + ${contract.RENEWAL_DAYS}::int) as renewals,
             coalesce(sum(${m.amount}) filter (where ${m.status} = 'ACTIVE' and ${m.renewsOn} > ${end}
                                and ${m.renewsOn} <= ${end} + ${contract.RENEWAL_DAYS}::int), 0) as renewals_amount
        from ${m}
       where ${scope}
    ),
    by_plan as (
      select ${l.membershipPlanId} as plan_id, ${membershipPlans.label} as label,
             sum(${l.qty}) as members, round(sum(${monthly(l.amount)})) as mrr
        from ${m}
        join ${l} on ${l.customerMembershipBillingId} = ${m.id}
        join ${membershipPlans} on ${membershipPlans.companyId} = ${m.companyId} and ${membershipPlans.id} = ${l.membershipPlanId}
       where ${scope} and ${activeAtEnd}
       group by 1, 2
    )
    select 'total' as kind, active, active_at_start, new, canceled, mrr, renewals, renewals_amount,
           collected_count, collected_amount, null::int as plan_id, null::text as label,
           (select coalesce(sum(members), 0) from by_plan) as members
      from totals cross join (${collectedBy(practice, 'MEMBERSHIP', request)}) collected
    union all
    select 'plan', null, null, null, null, mrr, null, null, null, null, plan_id, label, members from by_plan`;
}

export const membershipsReport = defineReport({
  name: 'memberships',
  endpoint: contract.membershipsReport,
  async run(ctx, practice, request) {
    const result = (await ctx.db.execute(statement(practice, request))) as unknown as { rows: Row[] };
    const total = result.rows.find((r) => r.kind === 'total')!;
    const n = (row: Row, key: string) => Number(row[key] ?? 0);
    const activeAtStart = n(total, 'active_at_start');
    const canceled = n(total, 'canceled');
    return {
      active: n(total, 'active'),
      members: n(total, 'members'),
      activeAtStart,
      new: n(total, 'new'),
      canceled,
      // The one division of two counts the database gave (the rule on the contract).
      churnPercent: activeAtStart === 0 ? null : Math.round((canceled / activeAtStart) * 1000) / 10,
      monthlyRecurringRevenue: n(total, 'mrr'),
      renewals: { count: n(total, 'renewals'), amount: n(total, 'renewals_amount') },
      collected: { count: n(total, 'collected_count'), amount: n(total, 'collected_amount') },
      byPlan: result.rows
        .filter((r) => r.kind === 'plan')
        .map((r) => ({
          planId: n(r, 'plan_id'),
          label: r.label ?? '',
          members: n(r, 'members'),
          monthlyRecurringRevenue: n(r, 'mrr'),
        }))
        .sort(
          (a, b) => b.monthlyRecurringRevenue - a.monthlyRecurringRevenue || a.label.localeCompare(b.label),
        ),
    };
  },
  csv(value) {
    return [
      ['Figure', 'Value'],
      ['Active memberships', value.active],
      ['Members', value.members],
      ['Active at the start', value.activeAtStart],
      ['New', value.new],
      ['Canceled', value.canceled],
      ['Churn %', value.churnPercent === null ? null : value.churnPercent.toFixed(1)],
      ['Monthly recurring revenue', { cents: value.monthlyRecurringRevenue }],
      ['Renewals in the next 30 days', value.renewals.count],
      ['Renewals in the next 30 days (amount)', { cents: value.renewals.amount }],
      ['Collected on memberships', value.collected.count],
      ['Collected on memberships (amount)', { cents: value.collected.amount }],
      ['Plan', 'Members', 'Monthly recurring revenue'],
      ...value.byPlan.map((p) => [p.label, p.members, { cents: p.monthlyRecurringRevenue }] as const),
    ];
  },
});
