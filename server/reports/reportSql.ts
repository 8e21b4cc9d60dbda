/**
 * What the reports' statements share: the period as instants (the transactions list's calendar days,
 * domain/dateRange.ts), the clinic filter (the patient's clinic, customers.clinic_num, within the
 * practice), what a source collected, the calendar day of a timestamp in the server's zone, and
 * running a statement for rows.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type { ReportRangeFields } from '../../embed-sdk/contract/reports.js';
import type { Db } from '../db/client.js';
import { customers, transactions } from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `column` within the period's days (from the first day's midnight to the midnight after the last). */
export function inPeriod(
  column: SQL | SQL.Aliased | Parameters<typeof eq>[0],
  range: ReportRangeFields,
): SQL {
  const { from, before } = dayRange(range.from, range.to);
  return sql`${column} >= ${at(from!)} and ${column} < ${at(before!)}`;
}

/**
 * The customer `customerId` names is of one of the clinics asked for; nothing when none is asked (every
 * clinic). A clinic number that is not the practice's matches nothing. Written as EXISTS, so a row
 * counts once whatever the join would give.
 */
export function ofClinics(
  practice: PracticeId,
  customerId: SQL | Parameters<typeof eq>[0],
  clinicNums: readonly number[] | undefined,
): SQL {
  if (!clinicNums || clinicNums.length === 0) return sql`true`;
  return sql`exists (select 1 from ${customers} where ${and(
    eq(customers.companyId, practice),
    sql`${customers.id} = ${customerId}`,
    inArray(customers.clinicNum, [...clinicNums]),
  )})`;
}

/**
 * What one source collected in the period: its approved payments made on a day of the period, of the
 * clinics asked for, counted (`collected_count`) and summed (`collected_amount`, surcharges included)
 * in one row. These are the transactions list's rows for that source, status Paid (refunded or voided
 * since included), those days and clinics, so a report's "collected" links there and counts the same;
 * the approved payments' covering index (transactions_company_created_approved) answers it alone.
 */
export function collectedBy(practice: PracticeId, source: TransactionSource, range: ReportRangeFields): SQL {
  const t = transactions;
  return sql`select count(*) as collected_count, coalesce(sum(${t.amount}), 0) as collected_amount
        from ${t}
       where ${t.companyId} = ${practice} and ${t.status} = 'APPROVED' and ${t.source} = ${source}
         and ${inPeriod(t.created, range)}
         and ${ofPaymentClinics(range.clinicNums)}`;
}

/**
 * A payment's clinic is one of those asked for (every clinic when none is): its patient's clinic, 0
 * with no patient, as the transactions list filters (transactions.clinic_num, kept by the database,
 * in the approved payments' covering index).
 */
export function ofPaymentClinics(clinicNums: readonly number[] | undefined): SQL {
  if (!clinicNums || clinicNums.length === 0) return sql`true`;
  return inArray(transactions.clinicNum, [...clinicNums]);
}

// The process's zone is the sandbox clock's (ctx.clock.today() and dayRange use local time); written
// into the statement as a literal so that a GROUP BY and its SELECT name the same expression.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (!/^[A-Za-z0-9_+\-/]+$/.test(ZONE)) throw new Error(`Unexpected time zone name: ${ZONE}`);

/** The calendar day of a timestamp in the server's zone, as text (YYYY-MM-DD, which sorts as days do). */
export function calendarDay(column: SQL | Parameters<typeof eq>[0]): SQL {
  return sql`to_char(${column} at time zone ${sql.raw(`'${ZONE}'`)}, 'YYYY-MM-DD')`;
}

/** A statement's rows (numbers arrive as strings from node-postgres: the caller converts them). */
export async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
