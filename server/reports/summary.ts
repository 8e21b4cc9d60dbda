/**
 * The dashboard's summary (GET /api/dashboard/summary): the figures of reports/store.ts's one
 * statement, shaped as the contract's summary (embed-sdk/contract/dashboard.ts documents the rules).
 */
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type * as contract from '../../embed-sdk/contract/dashboard.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { collectionPeriods } from '../domain/reports/periods.js';
import { summaryRows, type SummaryRow } from './store.js';

type Period = contract.CollectionPeriod;

function collections(row: SummaryRow, period: Period): contract.Collections {
  const collected = Number(row[`${period}_collected`]);
  const refunded = Number(row[`${period}_refunded`]);
  return {
    count: Number(row[`${period}_count`]),
    collected,
    refunded,
    net: collected - refunded,
    surcharge: Number(row[`${period}_surcharge`]),
  };
}

const hasActivity = (c: contract.Collections) => c.count > 0 || c.refunded > 0;

function largestFirst<T extends contract.Collections>(key: (item: T) => string) {
  return (a: T, b: T) => b.net - a.net || key(a).localeCompare(key(b));
}

export function toSummary(rows: SummaryRow[], now: Date): contract.DashboardSummary {
  const total = rows.find((r) => !r.by_source && !r.by_method)!;
  const periods = collectionPeriods(now);
  const period = (p: Period): contract.PeriodCollections => ({
    startDate: periods[p].startDate,
    totals: collections(total, p),
    bySource: rows
      .filter((r) => r.by_source)
      .map((r) => ({ source: r.source as TransactionSource, ...collections(r, p) }))
      .filter(hasActivity)
      .sort(largestFirst((s) => s.source)),
    byMethod: rows
      .filter((r) => r.by_method)
      .map((r) => ({ method: r.method as contract.PaymentMethod, ...collections(r, p) }))
      .filter(hasActivity)
      .sort(largestFirst((s) => s.method)),
  });
  return {
    asOf: now.toISOString(),
    periods: { today: period('today'), week: period('week'), month: period('month') },
    attention: {
      openPaymentRequests: {
        count: Number(total.open_requests),
        amount: Number(total.open_requests_amount),
      },
      pastDuePaymentPlans: { count: Number(total.past_due_plans), amount: Number(total.past_due_amount) },
      membershipsNeedingAttention: {
        count: Number(total.memberships),
        pastDue: Number(total.memberships_past_due),
        cardExpiring: Number(total.memberships_card),
        awaitingPatient: Number(total.memberships_awaiting),
      },
    },
  };
}

/** The practice's summary as of the sandbox clock's now. */
export async function dashboardSummary(
  ctx: AppContext,
  practice: PracticeId,
): Promise<contract.DashboardSummary> {
  const now = ctx.clock.now();
  const rows = await summaryRows(ctx.db, practice, now);
  return toSummary(rows, now);
}
