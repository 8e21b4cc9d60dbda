/**
 * The Payment plans report's statement (its rules are on the contract, reportPaymentPlans.ts): one
 * round trip, each figure a one-row aggregate (FILTER clauses) over the practice's plans, their
 * cycles and the plan payments of the period (reportSql.ts collectedBy), cross-joined. The past-due
 * rule is the plans' own (payment-plans/store.ts PAST_DUE, the dashboard's past_due_plans in
 * reports/store.ts): an ACTIVE plan's processed, declined cycle.
 */
import { sql, type SQL } from 'drizzle-orm';
import * as contract from '../../embed-sdk/contract/reportPaymentPlans.js';
import { customers, paymentPlanDetails, paymentPlans } from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';
import { defineReport } from './registry.js';
import { collectedBy } from './reportSql.js';

const p = paymentPlans;
const d = paymentPlanDetails;

type Row = Record<string, string>;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The plans of the clinics asked for (their patient's clinic), all of them when none are. */
function clinicCondition(clinicNums: readonly number[] | undefined): SQL {
  if (!clinicNums?.length) return sql`true`;
  return sql`exists (select 1 from ${customers}
                      where ${customers.companyId} = ${p.companyId} and ${customers.id} = ${p.customerId}
                        and ${customers.clinicNum} in (${sql.join(
                          clinicNums.map((n) => sql`${n}`),
                          sql`, `,
                        )}))`;
}

const AGE_BOUNDS: Record<contract.PastDueAge, [number, number | null]> = {
  '0-30': [0, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  over90: [91, null],
};

function statement(practice: PracticeId, request: contract.PaymentPlansReportRequest) {
  const { from, before } = dayRange(request.from, request.to);
  const inPeriod = (column: SQL | { getSQL(): SQL }) =>
    sql`${column} >= ${at(from!)} and ${column} < ${at(before!)}`;
  const clinics = clinicCondition(request.clinicNums);
  const end = sql`${request.to}::date`;
  const age = sql`(${end} - ${d.billingDate})`;
  const ages = contract.PAST_DUE_AGES.flatMap((name, i) => {
    const [low, high] = AGE_BOUNDS[name];
    const where = sql`${age} >= ${low}${high === null ? sql`` : sql` and ${age} <= ${high}`}`;
    return [
      sql`count(*) filter (where ${where}) as ${sql.raw(`age${i}_cycles`)}`,
      sql`coalesce(sum(${d.amountDue}) filter (where ${where}), 0) as ${sql.raw(`age${i}_amount`)}`,
    ];
  });
  return sql`
    with plans as (
      select count(*) filter (where ${p.status} = 'ACTIVE') as active_plans,
             count(*) filter (where ${p.status} = 'COMPLETE' and ${inPeriod(p.completedDate)}) as completed,
             coalesce(sum(${p.total}) filter (where ${p.status} = 'COMPLETE' and ${inPeriod(p.completedDate)}), 0) as completed_amount,
             count(*) filter (where ${p.status} = 'INACTIVE' and ${inPeriod(p.cancelledDate)}) as canceled,
             coalesce(sum(${p.total}) filter (where ${p.status} = 'INACTIVE' and ${inPeriod(p.cancelledDate)}), 0) as canceled_amount
        from ${p}
       where ${p.companyId} = ${practice} and ${clinics}
    ),
    outstanding as (
      select coalesce(sum(${d.amountDue}), 0) as outstanding
        from ${d} join ${p} on ${p.id} = ${d.paymentPlanId}
       where ${p.companyId} = ${practice} and ${clinics} and ${p.status} = 'ACTIVE'
         and ${d.disposition} is distinct from 'APPROVED'
    ),
    past_due as (
      select count(distinct ${d.paymentPlanId}) filter (where ${d.amountDue} > 0) as past_due_plans,
             coalesce(sum(${d.amountDue}), 0) as past_due_amount,
             ${sql.join(ages, sql`, `)}
        from ${d} join ${p} on ${p.id} = ${d.paymentPlanId}
       where ${p.companyId} = ${practice} and ${clinics} and ${p.status} = 'ACTIVE'
         and ${d.processedToLedger} and ${d.disposition} = 'DECLINED' and ${d.billingDate} <= ${end}
    ),
    collected as (${collectedBy(practice, 'PAYMENTPLAN', request)})
    select * from plans cross join outstanding cross join past_due cross join collected`;
}

export const paymentPlansReport = defineReport({
  name: 'paymentPlans',
  endpoint: contract.paymentPlansReport,
  async run(ctx, practice, request) {
    const result = (await ctx.db.execute(statement(practice, request))) as unknown as { rows: Row[] };
    const row = result.rows[0]!;
    const n = (key: string) => Number(row[key] ?? 0);
    return {
      outstanding: { plans: n('active_plans'), amount: n('outstanding') },
      pastDue: {
        plans: n('past_due_plans'),
        amount: n('past_due_amount'),
        byAge: contract.PAST_DUE_AGES.map((age, i) => ({
          age,
          cycles: n(`age${i}_cycles`),
          amount: n(`age${i}_amount`),
        })),
      },
      completed: { count: n('completed'), amount: n('completed_amount') },
      canceled: { count: n('canceled'), amount: n('canceled_amount') },
      collected: { count: n('collected_count'), amount: n('collected_amount') },
    };
  },
  csv(value) {
    const ageLabel = {
      '0-30': '0–30 days',
      '31-60': '31–60 days',
      '61-90': '61–90 days',
      over90: 'Over 90 days',
    };
    return [
      ['Figure', 'Count', 'Amount'],
      ['Balance outstanding (active plans)', value.outstanding.plans, { cents: value.outstanding.amount }],
      ['Past due', value.pastDue.plans, { cents: value.pastDue.amount }],
      ...value.pastDue.byAge.map(
        (a) => [`Past due ${ageLabel[a.age]}`, a.cycles, { cents: a.amount }] as const,
      ),
      ['Completed', value.completed.count, { cents: value.completed.amount }],
      ['Canceled', value.canceled.count, { cents: value.canceled.amount }],
      ['Collected on plans', value.collected.count, { cents: value.collected.amount }],
    ];
  },
});
