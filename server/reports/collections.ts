/**
 * The Collections report (embed-sdk/contract/reportCollections.ts documents every figure's rule):
 * one statement sums the period's payments, refunds and voids with GROUPING SETS (the total, each
 * bucket, each split value, each bucket × split value), on the dashboard's cash basis
 * (reports/store.ts, whose `paymentMethod` it reuses); a second, only for the clinic split, names the
 * practice's clinics. Buckets are the server's calendar days, Monday weeks and months.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type {
  CollectionsBucket,
  CollectionsFigures,
  CollectionsReport,
  CollectionsRequest,
  CollectionsSplitBy,
  CollectionsSplitFigures,
} from '../../embed-sdk/contract/reportCollections.js';
import { reportCollections } from '../../embed-sdk/contract/reportCollections.js';
import { CARD_BRAND_NAMES, SOURCE_LABELS } from '../../embed-sdk/format/transactions.js';
import type { Db } from '../db/client.js';
import {
  clinics,
  customers,
  paySplits,
  practicePayments,
  procedures,
  refunds,
  transactions,
} from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { addDays, localDate } from '../domain/calendarDates.js';
import { dayRange, startOfCalendarDay } from '../domain/dateRange.js';
import { startOfMonth, startOfWeek } from '../domain/reports/periods.js';
import type { CardType } from '../../embed-sdk/contract/common.js';
import { defineReport, type CsvCell } from './registry.js';
import { paymentMethod } from './store.js';

const t = transactions;

/** The server's calendar: the zone `dayRange` and the sandbox clock's `today()` use. */
const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The names of the split values that are not a practice's own (its clinics are named by it). */
export const NO_CLINIC = 'No clinic';
export const NO_PROVIDER = 'No provider';
const METHOD_NAMES: Record<string, string> = {
  ...CARD_BRAND_NAMES,
  CARD: 'Other card',
  CASH: 'Cash',
  CHECK: 'Check',
};

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type Row = {
  by_bucket: boolean;
  by_split: boolean;
  bucket: string | null;
  split: string | null;
  count: string;
  gross: string;
  refunds: string;
  voids: string;
  surcharges: string;
};

/** The split value of a payment (the transactions row, its customer `c` joined). */
function splitOf(splitBy: Exclude<CollectionsSplitBy, 'provider'>): SQL {
  switch (splitBy) {
    case 'source':
      return sql`${t.source}`;
    case 'method':
      return paymentMethod;
    case 'clinic':
      return sql`coalesce(${customers.clinicNum}, 0)::text`;
  }
}

/**
 * The statement. `movements` holds one row per payment (or per part of a payment, by provider) and
 * per refund or void (or part), each with its instant, its split value and its figures; `counted`
 * marks the rows that count their payment (a payment counts once per group, so `count` is of
 * distinct payments).
 */
function collectionsQuery(practice: PracticeId, request: CollectionsRequest): SQL {
  const { from, before } = dayRange(request.from, request.to);
  const clinicNums = request.clinicNums ?? [];
  const needsCustomer = clinicNums.length > 0 || request.splitBy === 'clinic';
  const customerJoin = needsCustomer
    ? sql`left join ${customers} on ${customers.id} = ${t.customerId} and ${customers.companyId} = ${practice}`
    : sql``;
  const clinicFilter =
    clinicNums.length > 0 ? sql`and coalesce(${customers.clinicNum}, 0) in (${list(clinicNums)})` : sql``;
  const payments = sql`
    select ${t.id} as payment, ${t.created} as at, ${t.amount} as amount, ${t.surchargeAmount} as surcharge,
           ${request.splitBy === 'provider' ? sql`''` : splitOf(request.splitBy)} as split
      from ${t} ${customerJoin}
     where ${t.companyId} = ${practice} and ${t.status} = 'APPROVED'
       and ${t.created} >= ${at(from!)} and ${t.created} < ${at(before!)} ${clinicFilter}`;
  const givenBack = sql`
    select ${t.id} as payment, ${refunds.id} as refund, ${refunds.referenceId} as reference_id,
           ${refunds.created} as at, ${refunds.type} as type, ${refunds.amount} as amount,
           ${refunds.surchargeAmount} as surcharge,
           ${request.splitBy === 'provider' ? sql`''` : splitOf(request.splitBy)} as split
      from ${refunds} join ${t} on ${t.companyId} = ${refunds.companyId} and ${t.id} = ${refunds.transactionId}
           ${customerJoin}
     where ${refunds.companyId} = ${practice}
       and ${refunds.created} >= ${at(from!)} and ${refunds.created} < ${at(before!)} ${clinicFilter}`;
  const given = (figure: 'refunds' | 'voids', amount: string) =>
    sql.raw(`case when g.type = '${figure === 'refunds' ? 'REFUNDED' : 'VOIDED'}' then ${amount} else 0 end`);

  let movements: SQL;
  if (request.splitBy !== 'provider') {
    movements = sql`
      select payment, at, split, true as counted, amount as gross, 0 as refunds, 0 as voids, surcharge as surcharges
        from payments
      union all
      select g.payment, g.at, g.split, false, 0, ${given('refunds', 'g.amount')}, ${given('voids', 'g.amount')}, -g.surcharge
        from given_back g`;
  } else {
    // What each payment's splits (not refunds') hold on each provider's procedures, and what each
    // refund's or void's splits gave back from them; the rest of either is "No provider" ('').
    const s = paySplits;
    const p = procedures;
    const onProcedures = sql`
      join ${practicePayments} on ${practicePayments.companyId} = ${practice} and ${practicePayments.transactionId} = x.payment
      join ${s} on ${s.companyId} = ${practice} and ${s.paymentId} = ${practicePayments.id} and ${s.procNum} is not null
      join ${p} on ${p.companyId} = ${practice} and ${p.procNum} = ${s.procNum}`;
    movements = sql`
      , payment_parts as (
        select x.payment, ${p.provider} as provider, sum(${s.amount}) as part
          from payments x ${onProcedures}
         where ${s.refundReferenceId} is null
         group by x.payment, ${p.provider}
      ),
      refund_parts as (
        select x.refund, ${p.provider} as provider, -sum(${s.amount}) as part
          from given_back x ${onProcedures}
         where ${s.refundReferenceId} = x.reference_id
         group by x.refund, ${p.provider}
      ),
      movements as (
        select x.payment, x.at, pp.provider as split, true as counted, pp.part as gross, 0 as refunds,
               0 as voids, 0 as surcharges
          from payments x join payment_parts pp on pp.payment = x.payment
        union all
        select x.payment, x.at, '', not exists (select 1 from payment_parts pp where pp.payment = x.payment),
               x.amount - coalesce((select sum(pp.part) from payment_parts pp where pp.payment = x.payment), 0),
               0, 0, x.surcharge
          from payments x
        union all
        select g.payment, g.at, rp.provider, false, 0, ${given('refunds', 'rp.part')}, ${given('voids', 'rp.part')}, 0
          from given_back g join refund_parts rp on rp.refund = g.refund
        union all
        select g.payment, g.at, '', false, 0,
               ${given('refunds', 'g.amount - coalesce((select sum(rp.part) from refund_parts rp where rp.refund = g.refund), 0)')},
               ${given('voids', 'g.amount - coalesce((select sum(rp.part) from refund_parts rp where rp.refund = g.refund), 0)')},
               -g.surcharge
          from given_back g
      )`;
  }
  // A payment is one row unless the split is by provider: then its parts are counted once.
  const count =
    request.splitBy === 'provider'
      ? sql`count(distinct payment) filter (where counted)`
      : sql`count(*) filter (where counted)`;
  const unit = sql.raw(`'${request.groupBy}'`);
  return sql`
    with payments as (${payments}),
    given_back as (${givenBack})
    ${request.splitBy === 'provider' ? movements : sql`, movements as (${movements})`}
    select grouping(bucket) = 0 as by_bucket, grouping(split) = 0 as by_split, bucket, split,
           ${count} as count,
           coalesce(sum(gross), 0) as gross, coalesce(sum(refunds), 0) as refunds,
           coalesce(sum(voids), 0) as voids, coalesce(sum(surcharges), 0) as surcharges
      from (select *, date_trunc(${unit}, at at time zone ${serverZone()})::date::text as bucket
              from movements
             -- A part of a payment or refund that holds nothing (no procedure part) is no activity.
             where counted or gross <> 0 or refunds <> 0 or voids <> 0 or surcharges <> 0) m
     group by grouping sets ((), (bucket), (split), (bucket, split))`;
}

function figures(row: Row | undefined): CollectionsFigures {
  const gross = Number(row?.gross ?? 0);
  const refunded = Number(row?.refunds ?? 0);
  const voids = Number(row?.voids ?? 0);
  return {
    count: Number(row?.count ?? 0),
    gross,
    refunds: refunded,
    voids,
    surcharges: Number(row?.surcharges ?? 0),
    net: gross - refunded - voids,
  };
}

/** Each bucket's first and last day within the period, oldest first. */
export function bucketsOf(request: Pick<CollectionsRequest, 'from' | 'to' | 'groupBy'>) {
  const startOf = (day: string): string => {
    const date = startOfCalendarDay(day);
    if (request.groupBy === 'week') return localDate(startOfWeek(date));
    if (request.groupBy === 'month') return localDate(startOfMonth(date));
    return day;
  };
  const buckets: { key: string; start: string; end: string }[] = [];
  for (let day = request.from; day <= request.to; day = addDays(day, 1)) {
    const key = startOf(day);
    const last = buckets.at(-1);
    if (last?.key === key) last.end = day;
    else buckets.push({ key, start: day, end: day });
  }
  return buckets;
}

async function clinicNames(db: Db, practice: PracticeId): Promise<Map<string, string>> {
  const rows = (await db.execute(
    sql`select ${clinics.clinicNum}::text as num, ${clinics.description} as name from ${clinics} where ${clinics.companyId} = ${practice}`,
  )) as unknown as { rows: { num: string; name: string }[] };
  return new Map(rows.rows.map((r) => [r.num, r.name]));
}

function labeller(splitBy: CollectionsSplitBy, clinicsByNum: Map<string, string>) {
  return (value: string): string => {
    switch (splitBy) {
      case 'source':
        return SOURCE_LABELS[value as TransactionSource] ?? value;
      case 'method':
        return METHOD_NAMES[value as CardType] ?? value;
      case 'clinic':
        return clinicsByNum.get(value) ?? (value === '0' ? NO_CLINIC : `Clinic ${value}`);
      case 'provider':
        return value === '' ? NO_PROVIDER : value;
    }
  };
}

const largestFirst = (a: CollectionsSplitFigures, b: CollectionsSplitFigures) =>
  b.net - a.net || a.label.localeCompare(b.label);

export async function collectionsReport(
  db: Db,
  practice: PracticeId,
  request: CollectionsRequest,
): Promise<CollectionsReport> {
  const [result, clinicsByNum] = await Promise.all([
    db.execute(collectionsQuery(practice, request)) as unknown as Promise<{ rows: Row[] }>,
    request.splitBy === 'clinic' ? clinicNames(db, practice) : Promise.resolve(new Map<string, string>()),
  ]);
  const rows = result.rows;
  const label = labeller(request.splitBy, clinicsByNum);
  const split = (row: Row): CollectionsSplitFigures => ({
    value: row.split!,
    label: label(row.split!),
    ...figures(row),
  });
  const bySplit = rows
    .filter((r) => r.by_split && !r.by_bucket)
    .map(split)
    .sort(largestFirst);
  const order = new Map(bySplit.map((s, i) => [s.value, i]));
  const buckets: CollectionsBucket[] = bucketsOf(request).map(({ key, start, end }) => ({
    start,
    end,
    totals: figures(rows.find((r) => r.by_bucket && !r.by_split && r.bucket === key)),
    bySplit: rows
      .filter((r) => r.by_bucket && r.by_split && r.bucket === key)
      .map(split)
      .sort((a, b) => order.get(a.value)! - order.get(b.value)!),
  }));
  return { totals: figures(rows.find((r) => !r.by_bucket && !r.by_split)), bySplit, buckets };
}

/** The CSV's name for the split's column. */
export const SPLIT_TITLES: Record<CollectionsSplitBy, string> = {
  source: 'Source',
  method: 'Payment method',
  clinic: 'Clinic',
  provider: 'Provider',
};

function* collectionsCsv(
  value: CollectionsReport,
  request: CollectionsRequest,
): Iterable<readonly CsvCell[]> {
  yield [
    'Period start',
    'Period end',
    SPLIT_TITLES[request.splitBy],
    'Payments',
    'Gross',
    'Refunds',
    'Voids',
    'Surcharges',
    'Net',
  ];
  const line = (start: string, end: string, name: string, f: CollectionsFigures): CsvCell[] => [
    start,
    end,
    name,
    f.count,
    { cents: f.gross },
    { cents: f.refunds },
    { cents: f.voids },
    { cents: f.surcharges },
    { cents: f.net },
  ];
  for (const bucket of value.buckets) {
    yield line(bucket.start, bucket.end, 'All', bucket.totals);
    for (const s of bucket.bySplit) yield line(bucket.start, bucket.end, s.label, s);
  }
  yield line(request.from, request.to, 'All', value.totals);
  for (const s of value.bySplit) yield line(request.from, request.to, s.label, s);
}

export const collections = defineReport({
  name: 'collections',
  endpoint: reportCollections,
  run: (ctx, practice, request) => collectionsReport(ctx.db, practice, request),
  csv: collectionsCsv,
});
