/**
 * The practice system's record of the demo's past payments. First what patients paid at the
 * practice's own desk before Chairside (procedures.ts `DeskPayment`): one payment per patient and day,
 * a split on each procedure. Then every approved payment of a patient that the book marked posted
 * (status 2) is a payment there, with its pay splits as the connector would have written them, the
 * surcharge first; the rest is allocated to the patient's completed procedures done by that day,
 * oldest first, up to what each still left the patient to pay (what no procedure takes stays
 * unallocated). The book's refunds and voids of those payments are written back as negative splits,
 * prorated as a refund is. So a refund of an old payment shows its procedures, and Est. Due, derived
 * from the splits, agrees with the history.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { localDate } from '../../domain/calendarDates.js';
import { openSplits, refundSplits } from '../../domain/practice-system/paySplits.js';
import type { Db } from '../client.js';
import type { SeedTime } from './random.js';
import { customers, paySplits, practicePayments, procedures, patients } from '../schema/index.js';
import { insertMany, nextId, syncSequence } from './batch.js';
import type { MoneyBook, TransactionRow } from './money.js';
import type { DeskPayment } from './procedures.js';

type SplitRow = typeof paySplits.$inferInsert & { id: number };

interface Procedure {
  procNum: number;
  patientId: number;
  procDate: string;
  /** What it left the patient to pay (fee less write-off and insurance, with adjustments, less a plan's part). */
  portion: number;
}

/** Completed procedures of these patients, oldest first, by patient. */
async function completedProcedures(db: Db, patientIds: number[]): Promise<Map<number, Procedure[]>> {
  const byPatient = new Map<number, Procedure[]>();
  if (patientIds.length === 0) return byPatient;
  const rows = await db
    .select({
      procNum: procedures.procNum,
      patientId: procedures.patientId,
      procDate: procedures.procDate,
      fee: procedures.fee,
      writeOff: procedures.writeOff,
      insuranceEst: procedures.insuranceEst,
      adjustment: procedures.adjustment,
      paymentPlanPending: procedures.paymentPlanPending,
    })
    .from(procedures)
    .where(and(eq(procedures.procStatus, 'C'), inArray(procedures.patientId, patientIds)));
  rows.sort((a, b) => a.procDate.localeCompare(b.procDate) || a.procNum - b.procNum);
  for (const r of rows) {
    const portion = r.fee - r.writeOff - r.insuranceEst + r.adjustment - r.paymentPlanPending;
    if (portion <= 0) continue;
    const list = byPatient.get(r.patientId) ?? [];
    list.push({ procNum: r.procNum, patientId: r.patientId, procDate: r.procDate, portion });
    byPatient.set(r.patientId, list);
  }
  return byPatient;
}

export async function seedPracticePayments(
  db: Db,
  time: SeedTime,
  book: MoneyBook,
  desk: { companyId: number; payments: readonly DeskPayment[] },
): Promise<number> {
  // The book sets every transaction's id.
  const posted = (book.rows.transactions as TransactionRow[]).filter(
    (t) => t.status === 'APPROVED' && t.customerId !== null && t.practiceManagementStatus === 2,
  );
  const customerIds = [...new Set(posted.map((t) => t.customerId!))];
  const patientOf = new Map<number, { patNum: number; patientId: number }>();
  for (let i = 0; i < customerIds.length; i += 5_000) {
    const rows = await db
      .select({ id: customers.id, patNum: patients.patNum, patientId: patients.id })
      .from(customers)
      .innerJoin(patients, eq(patients.id, customers.patientId))
      .where(inArray(customers.id, customerIds.slice(i, i + 5_000)));
    for (const r of rows) patientOf.set(r.id, { patNum: r.patNum, patientId: r.patientId });
  }
  const done = await completedProcedures(db, [...new Set([...patientOf.values()].map((p) => p.patientId))]);
  // What payments took of each procedure so far: the next one takes from the rest.
  const taken = new Map<number, number>();

  let paymentId = await nextId(db, practicePayments);
  let splitId = await nextId(db, paySplits);
  const payments: (typeof practicePayments.$inferInsert)[] = [];
  const splits: SplitRow[] = [];
  const splitsOfPayment = new Map<number, SplitRow[]>();
  const paymentOfTransaction = new Map<number, number>();

  const byVisit = new Map<string, DeskPayment[]>();
  for (const d of desk.payments) {
    const key = `${d.patNum}:${d.date}`;
    byVisit.set(key, [...(byVisit.get(key) ?? []), d]);
    taken.set(d.procNum, (taken.get(d.procNum) ?? 0) + d.amount);
  }
  for (const visit of byVisit.values()) {
    const { patNum, date } = visit[0]!;
    const id = paymentId++;
    const created = time.at(date, 12);
    payments.push({
      id,
      companyId: desk.companyId,
      patNum,
      transactionId: null,
      referenceId: null,
      payDate: date,
      payAmt: visit.reduce((sum, d) => sum + d.amount, 0),
      payNote: 'Paid at the front desk',
      created,
    });
    for (const d of visit) {
      splits.push({
        id: splitId++,
        companyId: desk.companyId,
        paymentId: id,
        patNum,
        procNum: d.procNum,
        amount: d.amount,
        descript: 'Payment',
        refundOfSplitId: null,
        refundReferenceId: null,
        created,
      });
    }
  }

  const ordered = [...posted].sort((a, b) => a.created!.getTime() - b.created!.getTime());
  for (const t of ordered) {
    const patient = patientOf.get(t.customerId!);
    if (!patient) continue;
    const id = paymentId++;
    paymentOfTransaction.set(t.id, id);
    payments.push({
      id,
      companyId: t.companyId,
      patNum: patient.patNum,
      transactionId: t.id,
      referenceId: t.referenceId,
      payDate: localDate(t.created!),
      payAmt: t.amount,
      payNote: `Chairside ${t.source} payment ${t.referenceId.split('-')[0]}`,
      created: t.created!,
    });
    const mine: SplitRow[] = [];
    const split = (amount: number, procNum: number | null, descript: string) =>
      mine.push({
        id: splitId++,
        companyId: t.companyId,
        paymentId: id,
        patNum: patient.patNum,
        procNum,
        amount,
        descript,
        refundOfSplitId: null,
        refundReferenceId: null,
        created: t.created!,
      });
    if ((t.surchargeAmount ?? 0) > 0) split(t.surchargeAmount!, null, 'Surcharge');
    let rest = t.orderAmount;
    const day = localDate(t.created!);
    for (const p of done.get(patient.patientId) ?? []) {
      if (rest === 0 || p.procDate > day) break;
      const open = p.portion - (taken.get(p.procNum) ?? 0);
      const take = Math.min(open, rest);
      if (take <= 0) continue;
      taken.set(p.procNum, (taken.get(p.procNum) ?? 0) + take);
      split(take, p.procNum, 'Payment');
      rest -= take;
    }
    if (rest > 0) split(rest, null, 'Unallocated');
    splitsOfPayment.set(id, mine);
    splits.push(...mine);
  }

  // Refunds and voids of posted payments, written back as the connector writes them.
  for (const r of book.rows.refunds) {
    const payment = paymentOfTransaction.get(r.transactionId);
    if (payment === undefined) continue;
    const lines = splitsOfPayment.get(payment)!;
    const back = refundSplits(
      openSplits(lines.map((l) => ({ ...l, refundOfSplitId: l.refundOfSplitId ?? null }))),
      r.type === 'VOIDED'
        ? { kind: 'VOID' }
        : { kind: 'REFUND', orderAmount: r.orderAmount, surchargeAmount: r.surchargeAmount ?? 0 },
    );
    if ('problem' in back) throw new Error(`Seeded refund ${r.referenceId}: ${back.problem}`);
    for (const b of back) {
      const of = lines.find((l) => l.id === b.splitId)!;
      const row: SplitRow = {
        ...of,
        id: splitId++,
        amount: b.amount,
        descript: `${r.type === 'VOIDED' ? 'Void' : 'Refund'}: ${of.descript}`,
        refundOfSplitId: of.id,
        refundReferenceId: r.referenceId,
        created: r.created!,
      };
      lines.push(row);
      splits.push(row);
    }
  }

  await insertMany(db, practicePayments, payments);
  await insertMany(db, paySplits, splits);
  await syncSequence(db, practicePayments);
  await syncSequence(db, paySplits);
  return payments.length;
}
