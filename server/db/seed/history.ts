/**
 * `npm run seed -- --transactions N`: N more past transactions for benchmarks of the transactions
 * list (a million in a minute or two, not hours). The database writes them itself from
 * `generate_series`, one statement per 100,000 rows, instead of the seed building each row in
 * JavaScript (collections.ts) and sending it.
 *
 * They spread over the last two years and over the practices by size (64%, 22%, 14%), with the
 * sources, tenders, declines and unassociated payments in about the demo's shares. Each payer is
 * one of the practice's customers, by a hash of the row's number; a few terminal and payment-page
 * payments have none. Card sales older than a day are settled. They are plain history: no plan,
 * membership or request rows behind them, no refunds and no provider charges (a settlement lookup
 * of one answers what was recorded here).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { transactions } from '../schema/index.js';
import { syncSequence } from './batch.js';
import { PRACTICES } from './practices.js';

const CHUNK = 100_000;
const DAYS = 730;

export async function seedTransactionHistory(db: Db, at: Date, count: number) {
  const now = at.toISOString();
  for (let first = 1; first <= count; first += CHUNK) {
    const last = Math.min(count, first + CHUNK - 1);
    await db.execute(sql`
      with payers as (
        select id, company_id, first_name, last_name, email, cell,
               (row_number() over (partition by company_id order by id) - 1)::int as n
        from customers
      ),
      sizes as (select company_id, count(*)::int as total from payers group by company_id),
      rows as (
        select g,
               ('x' || substr(md5('history' || g), 1, 8))::bit(32)::int & 2147483647 as h1,
               ('x' || substr(md5('history' || g), 9, 8))::bit(32)::int & 2147483647 as h2,
               upper(md5('reference' || g)) as ref,
               md5('result' || g) as res,
               case when g % 100 < 64 then ${PRACTICES.brightSmiles}::int
                    when g % 100 < 86 then ${PRACTICES.cedarFamily}::int
                    else ${PRACTICES.harborView}::int end as company_id
        from generate_series(${first}::int, ${last}::int) as g
      ),
      shaped as (
        select r.*,
               case when h1 % 100 < 35 then 'TERMINAL'
                    when h1 % 100 < 55 then 'VIRTUALTERMINAL'
                    when h1 % 100 < 70 then 'TEXTTOPAY'
                    when h1 % 100 < 80 then 'PAYMENTPAGE'
                    when h1 % 100 < 92 then 'PAYMENTPLAN'
                    when h1 % 100 < 98 then 'MEMBERSHIP'
                    else 'INSURANCE' end as source,
               (h2 % 1000) as roll,
               2500 + (h2 % 60000) as order_amount,
               ${now}::timestamptz - ((h1 % (${DAYS}::int * 86400)) * interval '1 second') as created
        from rows r
      ),
      tendered as (
        select s.*,
               case when s.source = 'VIRTUALTERMINAL' and s.roll < 200 then 'CASH'
                    when s.source = 'VIRTUALTERMINAL' and s.roll < 300 then 'CHECK'
                    else 'CARD' end as funding,
               s.roll >= 960 and s.source <> 'INSURANCE' as declined,
               s.source in ('TERMINAL', 'PAYMENTPAGE') and s.roll % 97 < 3 as unassociated
        from shaped s
      )
      insert into ${transactions} (
        company_id, customer_id, reference_id, transaction_result_id, status, reason, amount,
        order_amount, surcharge_amount, funding_source, card_type, card_description, exp_month,
        exp_year, source, terminal_description, created_at, settled_at, first_name, last_name, email,
        phone, practice_management_status
      )
      select t.company_id,
             case when t.unassociated then null else p.id end,
             substr(t.ref, 1, 6) || '-' || substr(t.ref, 7, 4) || '-' || substr(t.ref, 11, 4) || '-' ||
               substr(t.ref, 15, 4) || case when t.funding = 'CHECK' then '#' || (1000 + t.h2 % 9000) else '' end,
             substr(t.res, 1, 8) || '-' || substr(t.res, 9, 4) || '-4' || substr(t.res, 14, 3) || '-a' ||
               substr(t.res, 18, 3) || '-' || substr(t.res, 21, 12),
             case when t.declined then 'DECLINED' else 'APPROVED' end,
             case when t.declined then 'Card declined' end,
             t.order_amount + t.surcharge,
             t.order_amount,
             t.surcharge,
             t.funding,
             case when t.funding = 'CARD' then (array['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS', 'DISCOVER'])[1 + t.h2 % 4] end,
             case when t.funding = 'CARD' then '•••• ' || lpad((t.h1 % 10000)::text, 4, '0') end,
             case when t.funding = 'CARD' then (1 + t.h2 % 12)::text end,
             case when t.funding = 'CARD' then (extract(year from ${now}::timestamptz)::int + 1 + t.h1 % 4)::text end,
             t.source,
             case when t.source = 'TERMINAL' then 'Front Desk' end,
             t.created,
             case when t.funding = 'CARD' and not t.declined and t.created < ${now}::timestamptz - interval '1 day'
                  then t.created + interval '1 day' end,
             case when t.unassociated then null else p.first_name end,
             case when t.unassociated then null else p.last_name end,
             case when t.unassociated then null else nullif(p.email, '') end,
             case when t.unassociated then null else nullif(p.cell, '') end,
             case when not t.declined and not t.unassociated then 2 else 0 end
      from (
        select x.*,
               case when x.funding = 'CARD' and x.company_id = ${PRACTICES.brightSmiles}::int and x.source <> 'INSURANCE'
                    then x.order_amount * 3 / 100 else 0 end as surcharge
        from tendered x
      ) t
      join sizes z on z.company_id = t.company_id
      join payers p on p.company_id = t.company_id and p.n = t.h2 % z.total
    `);
  }
  await syncSequence(db, transactions);
}
