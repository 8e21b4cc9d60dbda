/**
 * Issue 33's figure: the Reimbursements list with 20,000 reimbursements in a practice, on
 * PostgreSQL, one call at a time (budget: under 30 ms p95).
 *
 * A throw-away PostgreSQL (tests/support/postgres.ts) is seeded at scale 1, then the database
 * writes 20,000 more reimbursements of Bright Smiles over three years (`generate_series`), each
 * with one to three details rows, as the seed's own are. The calls are the list's: its first page,
 * a later page, one carrier, a date range, and a carrier within a date range.
 * `npm run bench insurance` runs this part alone.
 */
import pg from 'pg';
import { listValue, onSeededPostgres, printOneAtATime } from './lib/oneAtATime.js';

const REIMBURSEMENTS = 20_000;
const USER = 'admin@chairside.test';
const SEQUENTIAL = 200;
const WARM_UP = 20;
const BUDGET_MS = 30;

const daysAgo = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const CALLS: [name: string, body: Record<string, unknown>][] = [
  ['everything, page 1', {}],
  ['everything, page 50', { page: 50 }],
  ['Delta Dental', { carrierName: 'Delta Dental' }],
  ['last 90 days', { startDate: daysAgo(90), endDate: daysAgo(0) }],
  ['MetLife, last year', { carrierName: 'MetLife', startDate: daysAgo(365) }],
];

/** 20,000 reimbursements of Bright Smiles (practice 1) and their details rows, written by the database. */
async function addReimbursements(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `with patient_ids as (select array_agg(id order by id) as ids from patients where company_id = 1),
            made as (
              insert into insurance_payments (company_id, date, funding_source, card_description, card_type,
                reference_id, carrier_name, plan_name, json, reimbursed, written_off, requested_payment, paid,
                patient_count, created_at)
              select 1, (current_date - (s.n % 1095))::date,
                     case when s.n % 5 < 3 then 'CARD' else 'CHECK' end,
                     case when s.n % 5 < 3 then '•••• ' || lpad((s.n % 10000)::text, 4, '0') end,
                     case when s.n % 5 < 3 then 'VISA' end,
                     case when s.n % 5 < 3 then 'BENCH-' || s.n else (100000 + s.n)::text end,
                     c.name, c.name || ' PPO', jsonb_build_object('carrierName', c.name, 'planName', c.name || ' PPO'),
                     5000 + (s.n * 37) % 90000, 1000 + (s.n * 13) % 20000,
                     case when s.n % 3 = 0 then 2500 + (s.n * 7) % 30000 else 0 end,
                     case when s.n % 6 = 0 then 2500 + (s.n * 7) % 30000 else 0 end,
                     1 + s.n % 3, now() - ((s.n % 1095) || ' days')::interval
              from generate_series(1, ${REIMBURSEMENTS}) as s(n)
              cross join lateral (select (array['Delta Dental', 'MetLife', 'Cigna Dental', 'Aetna Dental',
                'Guardian', 'United Concordia'])[1 + s.n % 6] as name) c
              returning id, patient_count, reimbursed, written_off)
       insert into insurance_payment_details (insurance_payment_id, patient_id, proc_code_count, reimbursed,
         written_off, procedure_json)
       select m.id, p.ids[1 + (m.id * 7 + k) % array_length(p.ids, 1)], 1,
              m.reimbursed / m.patient_count, m.written_off / m.patient_count, '[]'::jsonb
       from made m cross join patient_ids p cross join lateral generate_series(1, m.patient_count) as k`,
    );
    await client.query('commit');
    // As autovacuum would leave them: statistics, and a visibility map for index-only scans.
    await client.query('vacuum analyze insurance_payments');
    await client.query('vacuum analyze insurance_payment_details');
    for (const statement of [
      'select count(*) from insurance_payments where company_id = 1',
      'select * from insurance_payments where company_id = 1 order by date desc, id desc limit 10 offset 490',
    ]) {
      const plan = await client.query(`explain (analyze, buffers) ${statement}`);
      console.log(`\n${statement}\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
  } finally {
    await client.end();
  }
}

export async function benchInsurance() {
  await onSeededPostgres(
    {
      seedArgs: ['--scale', '1'],
      grow: async (url) => {
        await addReimbursements(url);
        return `Added ${REIMBURSEMENTS.toLocaleString('en-US')} reimbursements`;
      },
      user: USER,
    },
    async (base, token) => {
      console.log(
        `\n## Reimbursements list on PostgreSQL: one request at a time (${SEQUENTIAL} after ${WARM_UP} to warm up), as ${USER}; budget < ${BUDGET_MS} ms p95\n`,
      );
      await printOneAtATime(
        CALLS.map(([name, body]) => ({
          name,
          run: () => listValue(base, token, '/api/insurance/list', body),
        })),
        { runs: SEQUENTIAL, warmUp: WARM_UP, budgetMs: BUDGET_MS },
      );
    },
  );
}
