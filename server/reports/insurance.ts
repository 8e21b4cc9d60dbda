/**
 * The Insurance reimbursements report (embed-sdk/contract/reportInsurance.ts documents each figure):
 * one statement sums the period's reimbursements in total and by carrier (GROUPING SETS). Open Dental
 * practices only: elsewhere it answers 404, as every reimbursements call does (reimbursements/view.ts).
 *
 * Without clinics a reimbursement's figures are its own totals (the Reimbursements list's columns);
 * with clinics they are those of its details rows whose patient is of those clinics.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { reportInsurance, type ReimbursementFigures } from '../../embed-sdk/contract/reportInsurance.js';
import { customers, insurancePaymentDetails, insurancePayments } from '../db/schema/index.js';
import type { PracticeId } from '../db/scope.js';
import { openDentalOrNotFound } from '../reimbursements/view.js';
import { defineReport } from './registry.js';
import { rowsOf } from './reportSql.js';

const p = insurancePayments;
const d = insurancePaymentDetails;

type Row = {
  by_carrier: boolean;
  carrier_name: string | null;
  count: string;
  reimbursed: string;
  written_off: string;
  requested_payment: string;
  paid: string;
};

const figures = (row: Row | undefined): ReimbursementFigures => ({
  count: Number(row?.count ?? 0),
  reimbursed: Number(row?.reimbursed ?? 0),
  writtenOff: Number(row?.written_off ?? 0),
  requestedPayment: Number(row?.requested_payment ?? 0),
  paid: Number(row?.paid ?? 0),
});

/** The rows to sum: one per reimbursement, or one per details row of a patient of the clinics. */
function shares(practice: PracticeId, range: { from: string; to: string; clinicNums?: number[] }) {
  const dated = sql`${p.companyId} = ${practice} and ${p.date} >= ${range.from} and ${p.date} <= ${range.to}`;
  if (!range.clinicNums || range.clinicNums.length === 0) {
    return sql`select ${p.id} as id, ${p.carrierName} as carrier_name, ${p.reimbursed} as reimbursed,
                      ${p.writtenOff} as written_off, ${p.requestedPayment} as requested_payment, ${p.paid} as paid
                 from ${p} where ${dated}`;
  }
  const ofClinics = sql`exists (select 1 from ${customers} where ${and(
    eq(customers.companyId, practice),
    sql`${customers.patientId} = ${d.patientId}`,
    inArray(customers.clinicNum, range.clinicNums),
  )})`;
  return sql`select ${p.id} as id, ${p.carrierName} as carrier_name, ${d.reimbursed} as reimbursed,
                    ${d.writtenOff} as written_off, ${d.requestedPayment} as requested_payment, ${d.paid} as paid
               from ${p} join ${d} on ${d.insurancePaymentId} = ${p.id}
              where ${dated} and ${ofClinics}`;
}

export const insuranceReport = defineReport({
  name: 'insurance',
  endpoint: reportInsurance,
  async run(ctx, practice, request) {
    await openDentalOrNotFound(ctx, practice);
    const rows = await rowsOf<Row>(
      ctx.db,
      sql`
      select grouping(carrier_name) = 0 as by_carrier, carrier_name,
             count(distinct id) as count,
             coalesce(sum(reimbursed), 0) as reimbursed, coalesce(sum(written_off), 0) as written_off,
             coalesce(sum(requested_payment), 0) as requested_payment, coalesce(sum(paid), 0) as paid
        from (${shares(practice, request)}) shares
       group by grouping sets ((), (carrier_name))
       order by grouping(carrier_name) desc, sum(reimbursed) desc, carrier_name`,
    );
    return {
      totals: figures(rows.find((row) => !row.by_carrier)),
      byCarrier: rows
        .filter((row) => row.by_carrier)
        .map((row) => ({ carrierName: row.carrier_name ?? '', ...figures(row) })),
    };
  },
  *csv(value) {
    yield [
      'Carrier',
      'Reimbursements',
      'Reimbursed',
      'Written off',
      'Requested from patients',
      'Paid by patients',
    ];
    const line = (label: string, f: ReimbursementFigures) =>
      [
        label,
        f.count,
        { cents: f.reimbursed },
        { cents: f.writtenOff },
        { cents: f.requestedPayment },
        { cents: f.paid },
      ] as const;
    for (const c of value.byCarrier) yield line(c.carrierName, c);
    yield line('Total', value.totals);
  },
});
