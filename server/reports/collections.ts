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
      return sql`${t.clinicNum}::text`;
  }
}

/**
 * The statement. `payments` and `given_back` are the period's payments and refunds or voids, each with
 * its bucket and its split value. Unless the split is by provider, each side is first summed by
 * bucket and split value (a year is a few thousand groups, not hundreds of thousands of rows to carry
 * into the grouping sets); by provider, the payments held in providers' parts are the few rows kept one
 * by one, so that a payment split between providers counts once in the total.
 *
 * A refund reaches its payment's source, method and clinic through a LATERAL subquery with LIMIT 1,
 * which PostgreSQL keeps as one primary-key probe per refund: as a plain join, the planner hashed
 * every transaction of the practice to find a year's ten thousand refunds' payments (0.9 s of a
 * year's 1.1 s with a million transactions).
 */
function collectionsQuery(practice: PracticeId, request: CollectionsRequest): SQL {
  const { from, before } = dayRange(request.from, request.to);
  const clinicNums = request.clinicNums ?? [];
  // The payer's clinic is kept on the payment (transactions.clinic_num), in its covering index.
  const clinicFilter = clinicNums.length > 0 ? sql`and ${t.clinicNum} in (${list(clinicNums)})` : sql``;
  const byProvider = request.splitBy === 'provider';
  const split = request.splitBy === 'provider' ? sql`''` : splitOf(request.splitBy);
  const bucket = (instant: SQL) =>
    sql`date_trunc(${sql.raw(`'${request.groupBy}'`)}, ${instant} at time zone ${serverZone()})`;
  const payments = sql`
    select ${t.id} as payment, ${bucket(sql`${t.created}`)} as bucket, ${t.amount} as amount,
           ${t.surchargeAmount} as surcharge, ${split} as split
      from ${t}
     where ${t.companyId} = ${practice} and ${t.status} = 'APPROVED'
       and ${t.created} >= ${at(from!)} and ${t.created} < ${at(before!)} ${clinicFilter}`;
  const givenBack = sql`
    select p.payment, ${refunds.id} as refund, ${refunds.referenceId} as reference_id,
           ${bucket(sql`${refunds.created}`)} as bucket, ${refunds.type} as type, ${refunds.amount} as amount,
           ${refunds.surchargeAmount} as surcharge, p.split
      from ${refunds} cross join lateral (
             select ${t.id} as payment, ${split} as split
               from ${t}
              where ${t.companyId} = ${refunds.companyId} and ${t.id} = ${refunds.transactionId} ${clinicFilter}
              limit 1) p
     where ${refunds.companyId} = ${practice}
       and ${refunds.created} >= ${at(from!)} and ${refunds.created} < ${at(before!)}`;
  const given = (figure: 'refunds' | 'voids', amount: string) =>
    sql.raw(`case when g.type = '${figure === 'refunds' ? 'REFUNDED' : 'VOIDED'}' then ${amount} else 0 end`);

  // Each row of `movements` is a group's share of the figures: `n` payments counted as a number, or
  // one `payment` counted by its id (a payment split between providers has a row per provider, and
  // counts once in any group that holds several of its rows).
  let movements: SQL;
  if (!byProvider) {
    // A refund or void that gives back nothing is no activity.
    movements = sql`
      movements as (
        select bucket, split, null::integer as payment, count(*) as n, sum(amount) as gross, 0 as refunds,
               0 as voids, sum(surcharge) as surcharges
          from payments group by bucket, split
        union all
        select g.bucket, g.split, null, 0, 0, sum(${given('refunds', 'g.amount')}), sum(${given('voids', 'g.amount')}),
               -sum(g.surcharge)
          from given_back g where g.amount <> 0 or g.surcharge <> 0 group by g.bucket, g.split
      )`;
  } else {
    // What each payment's splits (not refunds') hold on each provider's procedures, and what each
    // refund's or void's splits gave back from them; the rest of either, and every surcharge, is
    // "No provider" (''). The parts are found from the practice-system payments, which are few,
    // each probing its payment; the period's payments are only summed by bucket.
    const s = paySplits;
    const p = procedures;
    const splitsOnProcedures = sql`
      join ${s} on ${s.companyId} = ${practice} and ${s.paymentId} = ${practicePayments.id} and ${s.procNum} is not null
      join ${p} on ${p.companyId} = ${practice} and ${p.procNum} = ${s.procNum}`;
    movements = sql`
      payment_parts as (
        select ${t.id} as payment, ${bucket(sql`${t.created}`)} as bucket, ${p.provider} as provider,
               sum(${s.amount}) as part
          from ${practicePayments}
          join ${t} on ${t.companyId} = ${practice} and ${t.id} = ${practicePayments.transactionId}
          ${splitsOnProcedures}
         where ${practicePayments.companyId} = ${practice} and ${s.refundReferenceId} is null
           and ${t.status} = 'APPROVED' and ${t.created} >= ${at(from!)} and ${t.created} < ${at(before!)}
           ${clinicFilter}
         group by ${t.id}, 2, ${p.provider}
      ),
      parted as (
        select bucket, count(distinct payment) as payments, sum(part) as parts
          from payment_parts group by bucket
      ),
      refund_parts as (
        select x.refund, ${p.provider} as provider, -sum(${s.amount}) as part
          from given_back x
          join ${practicePayments} on ${practicePayments.companyId} = ${practice} and ${practicePayments.transactionId} = x.payment
          ${splitsOnProcedures}
         where ${s.refundReferenceId} = x.reference_id
         group by x.refund, ${p.provider}
      ),
      movements as (
        select a.bucket, '' as split, null::integer as payment, a.n - coalesce(pd.payments, 0) as n,
               a.gross - coalesce(pd.parts, 0) as gross, 0 as refunds, 0 as voids, a.surcharges
          from (select bucket, count(*) as n, sum(amount) as gross, sum(surcharge) as surcharges
                  from payments group by bucket) a
          left join parted pd on pd.bucket = a.bucket
        union all
        select bucket, provider, payment, 0, part, 0, 0, 0 from payment_parts
        union all
        select g.bucket, rp.provider, null, 0, 0, ${given('refunds', 'rp.part')}, ${given('voids', 'rp.part')}, 0
          from given_back g join refund_parts rp on rp.refund = g.refund
        union all
        select g.bucket, '', null, 0, 0,
               ${given('refunds', 'g.amount - coalesce(r.parts, 0)')},
               ${given('voids', 'g.amount - coalesce(r.parts, 0)')},
               -g.surcharge
          from given_back g
          left join (select refund, sum(part) as parts from refund_parts group by refund) r on r.refund = g.refund
      )`;
  }
  return sql`
    with payments as (${payments}),
    given_back as (${givenBack}),
    ${movements}
    select grouping(bucket) = 0 as by_bucket, grouping(split) = 0 as by_split,
           bucket::date::text as bucket, split,
           coalesce(sum(n), 0) + count(distinct payment) as count,
           coalesce(sum(gross), 0) as gross, coalesce(sum(refunds), 0) as refunds,
           coalesce(sum(voids), 0) as voids, coalesce(sum(surcharges), 0) as surcharges
      from movements
     -- A share that holds nothing (all of a bucket's payments in providers' parts, a refund's part of
     -- nothing) is no activity.
     where n <> 0 or payment is not null or gross <> 0 or refunds <> 0 or voids <> 0 or surcharges <> 0
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
