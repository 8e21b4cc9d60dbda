/**
 * The Practice-system sync report (embed-sdk/contract/reportSync.ts documents each figure): the
 * period's approved payments not posted to the practice system, counted and summed by the database
 * in total and by day (GROUPING SETS), the failures by reason, and the payments themselves (oldest
 * first, at most MAX_SYNC_RECORDS) for the report's table: the transactions list cannot filter by
 * sync state, so the report lists them, each linking to its transaction.
 */
import { sql } from 'drizzle-orm';
import { MAX_SYNC_RECORDS, reportSync, type SyncFigures } from '../../embed-sdk/contract/reportSync.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { SYNC_WORDS } from '../../embed-sdk/format/transactions.js';
import { practicePostings, transactions } from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { PRACTICE_MANAGEMENT } from '../transactions/practiceSync.js';
import { defineReport, type CsvCell } from './registry.js';
import { calendarDay, inPeriod, ofPaymentClinics, rowsOf } from './reportSql.js';

const t = transactions;
const pp = practicePostings;

type FigureRow = {
  by_day: boolean;
  day: string | null;
  pending_count: string;
  pending_amount: string;
  failed_count: string;
  failed_amount: string;
};

const figures = (row: FigureRow | undefined): SyncFigures => ({
  pendingCount: Number(row?.pending_count ?? 0),
  pendingAmount: Number(row?.pending_amount ?? 0),
  failedCount: Number(row?.failed_count ?? 0),
  failedAmount: Number(row?.failed_amount ?? 0),
});

/**
 * The period's payments not posted, with their state and, for a failed one, the error of its latest
 * failed posting (the transactions list's sync state: format/transactions.ts `syncStateOf`).
 */
function unposted(practice: PracticeId, range: { from: string; to: string; clinicNums?: number[] }) {
  return sql`
    select ${t.id} as id, split_part(${t.referenceId}, '-', 1) as transaction_id, ${t.created} as created,
           ${calendarDay(t.created)} as day, ${t.firstName} as first_name, ${t.lastName} as last_name,
           ${t.amount} as amount,
           case when ${t.practiceManagementStatus} = ${PRACTICE_MANAGEMENT.failed} then 'FAILED' else 'PENDING' end as state,
           failure.error as reason
      from ${t}
      left join lateral (
        select ${pp.error} as error from ${pp}
         where ${pp.companyId} = ${practice} and ${pp.transactionId} = ${t.id} and ${pp.state} = 'FAILED'
           and ${t.practiceManagementStatus} = ${PRACTICE_MANAGEMENT.failed}
         order by ${pp.id} desc limit 1
      ) failure on true
     where ${t.companyId} = ${practice} and ${t.status} = 'APPROVED' and ${t.orphanRemoved} is null
       -- Written as a constant, so that the planner may read the unposted payments' partial index.
       and ${t.practiceManagementStatus} <> ${sql.raw(String(PRACTICE_MANAGEMENT.posted))}
       and ${inPeriod(t.created, range)}
       and (${t.practiceManagementStatus} = ${PRACTICE_MANAGEMENT.failed}
            or (${t.practiceManagementStatus} = ${PRACTICE_MANAGEMENT.pending} and ${t.customerId} is not null))
       and ${ofPaymentClinics(range.clinicNums)}`;
}

export const syncReport = defineReport({
  name: 'sync',
  endpoint: reportSync,
  async run(ctx, practice, request) {
    const payments = unposted(practice, request);
    const figureRows = await rowsOf<FigureRow>(
      ctx.db,
      sql`
      select grouping(day) = 0 as by_day, day,
             count(*) filter (where state = 'PENDING') as pending_count,
             coalesce(sum(amount) filter (where state = 'PENDING'), 0) as pending_amount,
             count(*) filter (where state = 'FAILED') as failed_count,
             coalesce(sum(amount) filter (where state = 'FAILED'), 0) as failed_amount
        from (${payments}) unposted
       group by grouping sets ((), (day))
       order by day nulls first`,
    );
    const reasons = await rowsOf<{ reason: string; count: string; amount: string }>(
      ctx.db,
      sql`
      select coalesce(reason, '') as reason, count(*) as count, sum(amount) as amount
        from (${payments}) unposted
       where state = 'FAILED'
       group by 1 order by count(*) desc, 1`,
    );
    const records = await rowsOf<{
      id: number;
      transaction_id: string;
      created: Date | string;
      first_name: string | null;
      last_name: string | null;
      amount: number;
      state: 'PENDING' | 'FAILED';
      reason: string | null;
    }>(ctx.db, sql`select * from (${payments}) unposted order by created, id limit ${MAX_SYNC_RECORDS}`);
    return {
      totals: figures(figureRows.find((row) => !row.by_day)),
      byDay: figureRows.filter((row) => row.by_day).map((row) => ({ day: row.day!, ...figures(row) })),
      byReason: reasons.map((row) => ({
        reason: row.reason,
        count: Number(row.count),
        amount: Number(row.amount),
      })),
      records: records.map((row) => ({
        id: Number(row.id),
        transactionId: row.transaction_id,
        created: new Date(row.created).toISOString(),
        firstName: row.first_name,
        lastName: row.last_name,
        amount: Number(row.amount),
        state: row.state,
        reason: row.state === 'FAILED' ? (row.reason ?? '') : null,
      })),
    };
  },
  *csv(value) {
    yield [
      'Day',
      SYNC_WORDS.pending,
      `${SYNC_WORDS.pending} amount`,
      SYNC_WORDS.failed,
      `${SYNC_WORDS.failed} amount`,
    ];
    const line = (label: string, f: SyncFigures): CsvCell[] => [
      label,
      f.pendingCount,
      { cents: f.pendingAmount },
      f.failedCount,
      { cents: f.failedAmount },
    ];
    for (const day of value.byDay) yield line(day.day, day);
    yield line('Total', value.totals);
    yield [];
    yield ['Transaction ID', 'Date', 'Patient', 'Amount', 'Sync', 'Reason'];
    for (const r of value.records) {
      yield [
        r.transactionId,
        formatDateTime(r.created),
        [r.firstName, r.lastName].filter(Boolean).join(' '),
        { cents: r.amount },
        r.state === 'FAILED' ? SYNC_WORDS.failed : SYNC_WORDS.pending,
        r.reason,
      ];
    }
  },
});
