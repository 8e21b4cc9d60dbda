/**
 * The Payment requests report (embed-sdk/contract/reportPaymentRequests.ts documents each figure):
 * one statement counts the period's requests in total and by channel (GROUPING SETS), with the
 * median time to pay (percentile_cont) and the conversion computed by the database.
 */
import { sql } from 'drizzle-orm';
import {
  REQUEST_CHANNEL_LABELS,
  RequestChannel,
  reportPaymentRequests,
  type RequestFigures,
} from '../../embed-sdk/contract/reportPaymentRequests.js';
import { paymentRequests } from '../db/schema/index.js';
import { defineReport, type CsvCell } from './registry.js';
import { inPeriod, ofClinics, rowsOf } from './reportSql.js';

const r = paymentRequests;

/** The channel, from the addresses the request was sent to (a request has at least one). */
const channel = sql`case when ${r.eMail} <> '' and ${r.toPhone} <> '' then 'BOTH'
                         when ${r.eMail} <> '' then 'EMAIL' else 'TEXT' end`;

type Row = {
  by_channel: boolean;
  channel: RequestChannel | null;
  sent: string;
  viewed: string;
  paid: string;
  paid_amount: string;
  median_seconds: string | number | null;
  conversion: string | number | null;
};

const figures = (row: Row | undefined): RequestFigures => ({
  sent: Number(row?.sent ?? 0),
  viewed: Number(row?.viewed ?? 0),
  paid: Number(row?.paid ?? 0),
  paidAmount: Number(row?.paid_amount ?? 0),
  medianSecondsToPay: row?.median_seconds == null ? null : Number(row.median_seconds),
  conversion: row?.conversion == null ? null : Number(row.conversion),
});

const hours = (seconds: number | null): CsvCell => (seconds === null ? null : Math.round(seconds / 36) / 100);
const percent = (ratio: number | null): CsvCell => (ratio === null ? null : Math.round(ratio * 1000) / 10);

export const paymentRequestsReport = defineReport({
  name: 'paymentRequests',
  endpoint: reportPaymentRequests,
  async run(ctx, practice, request) {
    const rows = await rowsOf<Row>(
      ctx.db,
      sql`
      with requests as (
        select ${channel} as channel, ${r.created} as sent_at, ${r.paymentPage} as viewed_at,
               ${r.paid} as paid_at, coalesce(${r.orderAmount}, ${r.amount}) + ${r.surchargeAmount} as charged
          from ${r}
         where ${r.companyId} = ${practice} and ${inPeriod(r.created, request)}
           and ${ofClinics(practice, r.customerId, request.clinicNums)}
      )
      select grouping(channel) = 0 as by_channel, channel,
             count(*) as sent,
             -- Paying goes through the payment page: a request paid is one viewed.
             count(*) filter (where viewed_at is not null or paid_at is not null) as viewed,
             count(*) filter (where paid_at is not null) as paid,
             coalesce(sum(charged) filter (where paid_at is not null), 0) as paid_amount,
             percentile_cont(0.5) within group (order by extract(epoch from paid_at - sent_at)::float8)
               filter (where paid_at is not null) as median_seconds,
             (count(*) filter (where paid_at is not null))::float8 / nullif(count(*), 0) as conversion
        from requests
       group by grouping sets ((), (channel))`,
    );
    return {
      totals: figures(rows.find((row) => !row.by_channel)),
      byChannel: RequestChannel.options.map((c) => ({
        channel: c,
        ...figures(rows.find((row) => row.by_channel && row.channel === c)),
      })),
    };
  },
  *csv(value) {
    yield [
      'Channel',
      'Sent',
      'Viewed',
      'Paid',
      'Paid amount',
      'Median time to pay (hours)',
      'Conversion (%)',
    ];
    const line = (label: string, f: RequestFigures): CsvCell[] => [
      label,
      f.sent,
      f.viewed,
      f.paid,
      { cents: f.paidAmount },
      hours(f.medianSecondsToPay),
      percent(f.conversion),
    ];
    for (const c of value.byChannel) yield line(REQUEST_CHANNEL_LABELS[c.channel], c);
    yield line('Total', value.totals);
  },
});
