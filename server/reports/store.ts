/**
 * The reports' statements. The dashboard's summary: the practice's collections and what needs attention, aggregated by the
 * database in one statement (one round trip): payments and refunds of the periods are summed with
 * FILTER clauses over GROUPING SETS (everything, by source, by payment method), and the attention
 * counts are one-row aggregates cross-joined to them. The rules are documented on the contract
 * (embed-sdk/contract/dashboard.ts); periods come from the sandbox clock (domain/reports/periods.ts).
 *
 * A report reads what several capabilities keep (payments, refunds, requests, plans, memberships, cards),
 * read-only, in this one statement: asking each capability's store in turn would cost a round trip
 * each on a page that must load at once. Every table's rows are constrained to the practice.
 */
import { sql, type SQL } from 'drizzle-orm';
import type * as contract from '../../embed-sdk/contract/dashboard.js';
import type { Db } from '../db/client.js';
import {
  customerMembershipBillings,
  paymentPlanDetails,
  paymentPlans,
  paymentRequests,
  refunds,
  transactions,
} from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { ATTENTION } from '../memberships/store.js';
import { COLLECTION_PERIODS, collectionPeriods, earliestStart } from '../domain/reports/periods.js';

type Period = contract.CollectionPeriod;

export type Figure = 'count' | 'collected' | 'refunded' | 'surcharge';

/** One row of the statement: a grouping (all, one source or one method) with every period's figures. */
export type SummaryRow = {
  by_source: boolean;
  by_method: boolean;
  source: string | null;
  method: string | null;
  open_requests: string;
  open_requests_amount: string;
  past_due_plans: string;
  past_due_amount: string;
  memberships: string;
  memberships_past_due: string;
  memberships_card: string;
  memberships_awaiting: string;
} & Record<`${Period}_${Figure}`, string>;

const t = transactions;

/** The payment method: a card's brand (CARD when unknown), CASH or CHECK. */
export const paymentMethod = sql`case when ${t.fundingSource} = 'CARD' then coalesce(${t.cardType}, 'CARD') else ${t.fundingSource} end`;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function summaryQuery(companyId: PracticeId, now: Date) {
  const periods = collectionPeriods(now);
  const from = at(earliestStart(periods));
  const until = at(now);
  const figures: SQL[] = COLLECTION_PERIODS.flatMap((period) => {
    const since = sql`at >= ${at(periods[period].start)}`;
    const sum = (figure: Figure) =>
      sql`coalesce(sum(${sql.raw(figure)}) filter (where ${since}), 0) as ${sql.raw(`${period}_${figure}`)}`;
    return [
      sql`count(*) filter (where payments = 1 and ${since}) as ${sql.raw(`${period}_count`)}`,
      sum('collected'),
      sum('refunded'),
      sum('surcharge'),
    ];
  });
  const m = customerMembershipBillings;
  return sql`
    with movements as (
      select ${t.created} as at, ${t.source} as source, ${paymentMethod} as method,
             1 as payments, ${t.amount} as collected, 0 as refunded, ${t.surchargeAmount} as surcharge
        from ${t}
       where ${t.companyId} = ${companyId} and ${t.status} = 'APPROVED'
         and ${t.created} >= ${from} and ${t.created} <= ${until}
      union all
      select ${refunds.created}, ${t.source}, ${paymentMethod},
             0, 0, ${refunds.amount}, -${refunds.surchargeAmount}
        from ${refunds} join ${t} on ${t.companyId} = ${refunds.companyId} and ${t.id} = ${refunds.transactionId}
       where ${refunds.companyId} = ${companyId}
         and ${refunds.created} >= ${from} and ${refunds.created} <= ${until}
    ),
    grouped as (
      select grouping(source) = 0 as by_source, grouping(method) = 0 as by_method, source, method,
             ${sql.join(figures, sql`, `)}
        from movements
       group by grouping sets ((), (source), (method))
    ),
    open_requests as (
      select count(*) as open_requests, coalesce(sum(${paymentRequests.amount}), 0) as open_requests_amount
        from ${paymentRequests}
       where ${paymentRequests.companyId} = ${companyId}
         and ${paymentRequests.paid} is null and ${paymentRequests.cancelled} is null
    ),
    past_due_plans as (
      select count(*) as past_due_plans, coalesce(sum(past_due), 0) as past_due_amount
        from (select ${paymentPlanDetails.paymentPlanId}, sum(${paymentPlanDetails.amountDue}) as past_due
                from ${paymentPlanDetails} join ${paymentPlans} on ${paymentPlans.id} = ${paymentPlanDetails.paymentPlanId}
               where ${paymentPlans.companyId} = ${companyId} and ${paymentPlans.status} = 'ACTIVE'
                 and ${paymentPlanDetails.processedToLedger} and ${paymentPlanDetails.disposition} = 'DECLINED'
               group by 1) plans
    ),
    memberships as (
      -- The Memberships page's filters' own conditions (memberships/store.ts ATTENTION): a figure and
      -- the list it links to count the same memberships.
      select count(*) filter (where ${ATTENTION.any()}) as memberships,
             count(*) filter (where ${ATTENTION.pastDue()}) as memberships_past_due,
             count(*) filter (where ${ATTENTION.cardExpiring()}) as memberships_card,
             count(*) filter (where ${ATTENTION.awaiting()}) as memberships_awaiting
        from ${m}
       where ${m.companyId} = ${companyId}
    )
    select * from grouped cross join open_requests cross join past_due_plans cross join memberships`;
}

export async function summaryRows(db: Db, companyId: PracticeId, now: Date): Promise<SummaryRow[]> {
  const result = (await db.execute(summaryQuery(companyId, now))) as unknown as { rows: SummaryRow[] };
  return result.rows;
}
