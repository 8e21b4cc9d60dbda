/**
 * The allocation modal's bench fixture (issue 20, "Performance"): a Bright Smiles family of 6, the
 * guarantor with 400 procedures over ten years (completed ones, most paid at the desk, some in part,
 * and treatment plans in each status), a few procedures for each other member, and an unallocated
 * posted payment of the guarantor's to allocate. Not part of the demo: `seedAllocationBench` adds it
 * to a seeded database (the bench's own copy), and returns whom to open the modal with.
 */
import { eq, max } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  customers,
  patients,
  paySplits,
  practicePayments,
  procedures,
  transactions,
  treatmentPlans,
} from '../schema/index.js';
import { insertMany, syncSequence } from './batch.js';
import { cdt } from './cdt.js';
import { PROVIDERS } from './fixtures.js';
import { PRACTICES } from './practices.js';

export const ALLOCATION_BENCH = { procedures: 400, familySize: 6, lastName: 'Benchmark' } as const;

const CODES = ['D0120', 'D1110', 'D0274', 'D2392', 'D2950', 'D2740', 'D4341', 'D9944', 'D2330', 'D7140'];
const DAY_MS = 86_400_000;

export interface AllocationBench {
  guarantorPatNum: number;
  customerId: number;
  familyPatNums: number[];
  /** An approved, posted, unallocated payment of the guarantor's. */
  transactionId: number;
  amount: number;
}

export async function seedAllocationBench(db: Db, now = new Date()): Promise<AllocationBench> {
  const companyId = PRACTICES.brightSmiles;
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  const [top] = await db
    .select({ patNum: max(patients.patNum), procNum: max(procedures.procNum) })
    .from(patients)
    .leftJoin(procedures, eq(procedures.patientId, patients.id))
    .where(eq(patients.companyId, companyId));
  const [plans] = await db.select({ n: max(treatmentPlans.treatPlanNum) }).from(treatmentPlans);
  const guarantorPatNum = (top?.patNum ?? 0) + 1;
  const familyPatNums = Array.from({ length: ALLOCATION_BENCH.familySize }, (_, i) => guarantorPatNum + i);
  const people = await db
    .insert(patients)
    .values(
      familyPatNums.map((patNum, i) => ({
        companyId,
        patNum,
        firstName: ['Avery', 'Blake', 'Casey', 'Drew', 'Emery', 'Finley'][i]!,
        lastName: ALLOCATION_BENCH.lastName,
        email: `bench${patNum}@example.com`,
        guarantorPatNum,
        clinicNum: 1,
      })),
    )
    .returning({ id: patients.id, patNum: patients.patNum });
  const idOf = new Map(people.map((p) => [p.patNum, p.id]));
  const [customer] = await db
    .insert(customers)
    .values({
      companyId,
      patientId: idOf.get(guarantorPatNum)!,
      patientKey: guarantorPatNum,
      firstName: 'Avery',
      lastName: ALLOCATION_BENCH.lastName,
      email: `bench${guarantorPatNum}@example.com`,
      clinicNum: 1,
    })
    .returning({ id: customers.id });

  let procNum = (top?.procNum ?? 5000) + 1;
  let treatPlanNum = (plans?.n ?? 200) + 1;
  const planRows: (typeof treatmentPlans.$inferInsert)[] = [];
  const procRows: (typeof procedures.$inferInsert)[] = [];
  const deskPaid: { patNum: number; procNum: number; amount: number; date: string }[] = [];
  const add = (patNum: number, n: number, i: number, planNum: number | null) => {
    const code = CODES[(n + i) % CODES.length]!;
    const { fee, description } = cdt(code);
    const writeOff = Math.round(fee * 0.15);
    const insuranceEst = Math.round((fee - writeOff) * 0.5);
    const date = day(planNum === null ? 5 + Math.floor((n * 3650) / ALLOCATION_BENCH.procedures) : 10);
    const done = planNum === null;
    const num = procNum++;
    procRows.push({
      companyId,
      patientId: idOf.get(patNum)!,
      procNum: num,
      procCode: code,
      description,
      tooth: code.startsWith('D2') ? String(1 + (n % 32)) : '',
      provider: PROVIDERS.dentists[n % 2]!,
      procDate: date,
      procStatus: done ? 'C' : 'TP',
      treatPlanNum: planNum,
      fee,
      insuranceEst,
      paidFromInsurance: done && n % 3 !== 0 ? insuranceEst : 0,
      waitingFromInsurance: done && n % 3 === 0 ? insuranceEst : 0,
      writeOff,
    });
    const portion = fee - writeOff - insuranceEst;
    // Most older work is paid at the desk, some of it in part; the newest is open.
    if (done && n > 40)
      deskPaid.push({ patNum, procNum: num, date, amount: n % 5 === 0 ? Math.floor(portion / 2) : portion });
  };
  for (let n = 0; n < ALLOCATION_BENCH.procedures; n++) {
    // Every tenth procedure is planned, in a plan per status.
    let planNum: number | null = null;
    if (n % 10 === 9) {
      planNum = treatPlanNum++;
      planRows.push({
        companyId,
        patientId: idOf.get(guarantorPatNum)!,
        treatPlanNum: planNum,
        heading: `Plan ${planNum}`,
        dateTP: day(10),
        note: '',
        tpStatus: planNum % 3,
      });
    }
    add(guarantorPatNum, n, 0, planNum);
  }
  for (const patNum of familyPatNums.slice(1)) for (let n = 0; n < 8; n++) add(patNum, n, patNum, null);
  await insertMany(db, treatmentPlans, planRows);
  await insertMany(db, procedures, procRows);

  // The desk payments, one per procedure, and the payment to allocate.
  const amount = 250_000;
  const created = new Date(now.getTime() - DAY_MS);
  const [t] = await db
    .insert(transactions)
    .values({
      companyId,
      customerId: customer!.id,
      referenceId: `BENCH${guarantorPatNum}-allocation`,
      transactionResultId: `bench-${guarantorPatNum}`,
      status: 'APPROVED',
      amount,
      orderAmount: amount,
      surchargeAmount: 0,
      fundingSource: 'CASH',
      source: 'VIRTUALTERMINAL',
      firstName: 'Avery',
      lastName: ALLOCATION_BENCH.lastName,
      practiceManagementStatus: 2,
      created,
    })
    .returning({ id: transactions.id });
  const payments = await db
    .insert(practicePayments)
    .values([
      ...deskPaid.map((d) => ({
        companyId,
        patNum: d.patNum,
        payDate: d.date,
        payAmt: d.amount,
        payNote: 'Paid at the front desk',
        created,
      })),
      {
        companyId,
        patNum: guarantorPatNum,
        transactionId: t!.id,
        referenceId: `BENCH${guarantorPatNum}-allocation`,
        payDate: day(1),
        payAmt: amount,
        payNote: 'Chairside VIRTUALTERMINAL payment',
        created,
      },
    ])
    .returning({ id: practicePayments.id });
  await insertMany(db, paySplits, [
    ...deskPaid.map((d, i) => ({
      companyId,
      paymentId: payments[i]!.id,
      patNum: d.patNum,
      procNum: d.procNum,
      amount: d.amount,
      descript: 'Payment',
      created,
    })),
    {
      companyId,
      paymentId: payments.at(-1)!.id,
      patNum: guarantorPatNum,
      procNum: null,
      amount,
      descript: 'Unallocated',
      created,
    },
  ]);
  await syncSequence(db, paySplits);
  return { guarantorPatNum, customerId: customer!.id, familyPatNums, transactionId: t!.id, amount };
}
