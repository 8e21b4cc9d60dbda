/**
 * The demo data on PGlite: what the practices get, the rules the rows keep (families, money,
 * ledgers), that a given `now` always gives the same data, and that a failed seed leaves nothing.
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import {
  appointments,
  clinics,
  companyNotifications,
  customers,
  outbox,
  patients,
  paymentLedger,
  paymentPlanDetails,
  paymentPlans,
  procedures,
  treatmentPlans,
  userNotificationDismissals,
  userNotifications,
  users,
} from '../../server/db/schema/index.js';
import { insertMany } from '../../server/db/seed/batch.js';
import {
  CHIDI_OKAFOR,
  FIXTURE_DUE_APPOINTMENTS,
  FIXTURE_PATIENTS,
  GARCIA_FAMILY,
  GRACE_OKAFOR,
  JOHN_SMITH,
  MARIA_GARCIA,
  NOAH_WHITFIELD,
  PRIYA_NATARAJAN,
  fixtureBirthdate,
} from '../../server/db/seed/fixtures.js';
import { seedDatabase, type SeedSummary } from '../../server/db/seed/index.js';
import { procedureDue } from '../../server/domain/practice-system/estDue.js';
import { DISMISSED_NOTICE, WHATS_NEW } from '../../server/db/seed/notifications.js';
import { PRACTICES } from '../../server/db/seed/practices.js';
import { fixtureOutstanding, fixturePlanAmount, outstandingOf } from '../../server/db/seed/procedures.js';
import { localDate } from '../../server/domain/calendarDates.js';
import { openScratchPglite, rows, seedDigest } from './support.js';

const NOW = new Date('2025-03-14T16:30:00Z');
const DAY = 24 * 60 * 60_000;
const { brightSmiles, cedarFamily, harborView } = PRACTICES;

let database: Database & { dispose(): Promise<void> };
let summary: SeedSummary;
const db = () => database.db;

beforeAll(async () => {
  database = await openScratchPglite();
  summary = await seedDatabase(database.db, { scale: 1, now: NOW });
});
afterAll(() => database?.dispose());

async function perPractice(
  table: typeof patients | typeof customers | typeof paymentPlans | typeof companyNotifications,
) {
  const found = await db()
    .select({ companyId: table.companyId, n: count() })
    .from(table)
    .groupBy(table.companyId);
  return Object.fromEntries(found.map((r) => [r.companyId, r.n]));
}

describe('patients', () => {
  it('has 1,400 at Bright Smiles over three clinics, 500 at Cedar, 300 at Harbor View', async () => {
    expect(await perPractice(patients)).toEqual({
      [brightSmiles]: 1400,
      [cedarFamily]: 500,
      [harborView]: 300,
    });
    const byClinic = await db()
      .select({ clinicNum: patients.clinicNum, n: count() })
      .from(patients)
      .where(eq(patients.companyId, brightSmiles))
      .groupBy(patients.clinicNum)
      .orderBy(patients.clinicNum);
    expect(byClinic.map((c) => c.clinicNum)).toEqual([1, 2, 3]);
    expect(Math.min(...byClinic.map((c) => c.n))).toBeGreaterThan(200);
    expect(summary.patients).toBe(2200);
  });

  it('numbers patients from 1001 without gaps in each practice', async () => {
    const found = await rows<{ company_id: number; min: number; max: number; n: number }>(
      db(),
      sql`select company_id, min(pat_num) as min, max(pat_num) as max, count(distinct pat_num)::int as n from patients group by 1 order by 1`,
    );
    expect(found).toEqual([
      { company_id: brightSmiles, min: 1001, max: 2400, n: 1400 },
      { company_id: cedarFamily, min: 1001, max: 1500, n: 500 },
      { company_id: harborView, min: 1001, max: 1300, n: 300 },
    ]);
  });

  it('keeps families together: a guarantor and up to four dependents with the same last name, zip and clinic', async () => {
    const [broken] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from patients p
          left join patients g on g.company_id = p.company_id and g.pat_num = p.guarantor_pat_num
          where g.id is null or g.guarantor_pat_num <> g.pat_num or g.last_name <> p.last_name or g.zip <> p.zip or g.clinic_num <> p.clinic_num`,
    );
    expect(broken!.n).toBe(0);
    const sizes = await rows<{ size: number; families: number }>(
      db(),
      sql`select size, count(*)::int as families from (select count(*)::int as size from patients group by company_id, guarantor_pat_num) f group by size order by size`,
    );
    expect(sizes.map((s) => s.size)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has realistic contact details: lower-case unique e-mails, 10-digit 555-01xx mobiles, 5-digit zips', async () => {
    const all = await db()
      .select({
        companyId: patients.companyId,
        email: patients.email,
        cell: patients.cell,
        zip: patients.zip,
        birthdate: patients.birthdate,
      })
      .from(patients);
    const emails = all.filter((p) => p.email);
    expect(emails.length / all.length).toBeGreaterThan(0.6);
    expect(emails.every((p) => /^[a-z0-9._]+@example\.(com|net|org)$/.test(p.email))).toBe(true);
    expect(new Set(emails.map((p) => `${p.companyId}:${p.email}`)).size).toBe(emails.length);
    expect(all.every((p) => p.cell === '' || /^\d{3}55501\d{2}$/.test(p.cell))).toBe(true);
    expect(all.every((p) => /^\d{5}$/.test(p.zip))).toBe(true);
    expect(all.every((p) => p.birthdate !== null && p.birthdate < localDate(NOW))).toBe(true);
  });

  it('gives young children no e-mail or phone of their own, most of the time', async () => {
    const [kids] = await rows<{ n: number; with_email: number }>(
      db(),
      sql`select count(*)::int as n, count(*) filter (where email <> '')::int as with_email
          from patients where birthdate > ${localDate(new Date(NOW.getTime() - 14 * 365 * DAY))}`,
    );
    expect(kids!.n).toBeGreaterThan(100);
    expect(kids!.with_email / kids!.n).toBeLessThan(0.1);
  });
});

describe('fixtures', () => {
  it('are all there, exactly as exported', async () => {
    for (const f of FIXTURE_PATIENTS) {
      const [p] = await db()
        .select()
        .from(patients)
        .where(and(eq(patients.companyId, f.companyId), eq(patients.patNum, f.patNum)));
      expect(p).toMatchObject({
        firstName: f.firstName,
        lastName: f.lastName,
        email: f.email,
        cell: f.cell,
        zip: f.zip,
        clinicNum: f.clinicNum,
        guarantorPatNum: f.guarantorPatNum,
        birthdate: fixtureBirthdate(f, localDate(NOW)),
      });
    }
  });

  it('include the Garcia family with Maria as guarantor', async () => {
    const family = await db()
      .select({ firstName: patients.firstName, patNum: patients.patNum })
      .from(patients)
      .where(and(eq(patients.companyId, brightSmiles), eq(patients.guarantorPatNum, MARIA_GARCIA.patNum)))
      .orderBy(patients.patNum);
    expect(family.map((p) => p.firstName)).toEqual(GARCIA_FAMILY.members.map((m) => m.firstName));
    expect(fixtureBirthdate(MARIA_GARCIA, '2025-03-14')).toBe('1983-05-12');
  });

  it('show clinic grouping: two unrelated Okafors at two clinics', async () => {
    const found = await db()
      .select({ first: patients.firstName, clinic: clinics.description, guarantor: patients.guarantorPatNum })
      .from(patients)
      .innerJoin(
        clinics,
        and(eq(clinics.companyId, patients.companyId), eq(clinics.clinicNum, patients.clinicNum)),
      )
      .where(and(eq(patients.companyId, brightSmiles), sql`lower(${patients.lastName}) like 'okaf%'`))
      .orderBy(patients.patNum);
    expect(found).toEqual([
      { first: CHIDI_OKAFOR.firstName, clinic: 'Northside Clinic', guarantor: CHIDI_OKAFOR.patNum },
      { first: GRACE_OKAFOR.firstName, clinic: 'Lakeview Clinic', guarantor: GRACE_OKAFOR.patNum },
    ]);
  });

  it('find a patient by an e-mail unrelated to the name', async () => {
    const found = await db()
      .select({ patNum: patients.patNum })
      .from(patients)
      .where(and(eq(patients.companyId, brightSmiles), sql`lower(${patients.email}) like 'sunnyside%'`));
    expect(found).toEqual([{ patNum: PRIYA_NATARAJAN.patNum }]);
    expect(PRIYA_NATARAJAN.email).not.toContain(PRIYA_NATARAJAN.lastName.toLowerCase());
  });
});

describe('customers', () => {
  it('bring about a third of the patients into Chairside, with the same details', async () => {
    const byPractice = await perPractice(customers);
    const patientsByPractice = await perPractice(patients);
    for (const companyId of [brightSmiles, cedarFamily, harborView]) {
      const share = byPractice[companyId]! / patientsByPractice[companyId]!;
      expect(share).toBeGreaterThan(0.25);
      expect(share).toBeLessThan(0.42);
    }
    const [mismatch] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from customers c join patients p on p.id = c.patient_id
          where c.company_id <> p.company_id or c.patient_key <> p.pat_num or c.first_name <> p.first_name
             or c.last_name <> p.last_name or c.email <> p.email or c.cell <> p.cell or c.zip <> p.zip
             or c.clinic_num <> p.clinic_num`,
    );
    expect(mismatch!.n).toBe(0);
  });

  it("point a dependent to the guarantor's customer, and a guarantor to nobody", async () => {
    const [wrong] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from customers c
          join patients p on p.id = c.patient_id
          left join customers g on g.company_id = c.company_id and g.patient_key = p.guarantor_pat_num and p.guarantor_pat_num <> p.pat_num
          where c.guarantor_id is distinct from g.id`,
    );
    expect(wrong!.n).toBe(0);
    const [linked] = await rows<{ n: number }>(
      db(),
      sql`select count(guarantor_id)::int as n from customers`,
    );
    expect(linked!.n).toBeGreaterThan(100);
  });

  it('exist for every fixture marked as one, and not for the new patient', async () => {
    for (const f of FIXTURE_PATIENTS) {
      const found = await db()
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.companyId, f.companyId), eq(customers.patientKey, f.patNum)));
      expect(found.length, `${f.firstName} ${f.lastName}`).toBe(f.isCustomer ? 1 : 0);
    }
    expect(NOAH_WHITFIELD.isCustomer).toBe(false);
  });

  it('leave the id sequences ready for the next insert', async () => {
    await db()
      .transaction(async (tx) => {
        const [p] = await tx
          .insert(patients)
          .values({
            companyId: harborView,
            patNum: 9999,
            firstName: 'Seq',
            lastName: 'Check',
            guarantorPatNum: 9999,
          })
          .returning({ id: patients.id });
        const [c] = await tx
          .insert(customers)
          .values({
            companyId: harborView,
            patientId: p!.id,
            patientKey: 9999,
            firstName: 'Seq',
            lastName: 'Check',
          })
          .returning({ id: customers.id });
        expect(p!.id).toBe(2201);
        expect(c!.id).toBe(summary.customers + 1);
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
  });
});

describe('appointments', () => {
  it('list 12 completed visits needing payment at Bright Smiles (all clinics), 6 at Cedar, none at Harbor View', async () => {
    const due = await db()
      .select({
        companyId: appointments.companyId,
        clinicNum: appointments.clinicNum,
        startsAt: appointments.startsAt,
        amountDue: appointments.amountDue,
      })
      .from(appointments)
      .where(and(eq(appointments.status, 'COMPLETE'), eq(appointments.requiresPayment, true)));
    const at = (companyId: number) => due.filter((a) => a.companyId === companyId);
    expect(at(brightSmiles)).toHaveLength(12);
    expect(new Set(at(brightSmiles).map((a) => a.clinicNum))).toEqual(new Set([1, 2, 3]));
    expect(at(cedarFamily)).toHaveLength(6);
    expect(at(harborView)).toHaveLength(0);
    const yesterday = localDate(new Date(NOW.getTime() - DAY));
    for (const a of due) {
      expect(a.amountDue).toBeGreaterThan(0);
      expect(a.startsAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect([localDate(NOW), yesterday]).toContain(localDate(a.startsAt));
    }
  });

  it("charge fixture patients what they still owe for that day's procedures", async () => {
    for (const f of FIXTURE_DUE_APPOINTMENTS.filter((a) => a.amountDue === undefined)) {
      const [a] = await db()
        .select({ amountDue: appointments.amountDue })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .where(
          and(
            eq(patients.companyId, f.patient.companyId),
            eq(patients.patNum, f.patient.patNum),
            eq(appointments.requiresPayment, true),
          ),
        );
      expect(a!.amountDue, f.patient.firstName).toBe(fixtureOutstanding(f.patient.patNum, f.daysAgo));
    }
    expect(fixtureOutstanding(JOHN_SMITH.patNum, 1)).toBe(8500 + 19500 - 1950);
  });

  it('also has paid visits, no-shows and a schedule ahead', async () => {
    const found = await rows<{ status: string; requires_payment: boolean; future: boolean; n: number }>(
      db(),
      sql`select status, requires_payment, starts_at > ${NOW.toISOString()}::timestamptz as future, count(*)::int as n
          from appointments where company_id = ${brightSmiles} group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(found).toEqual([
      { status: 'BROKEN', requires_payment: false, future: false, n: 2 },
      { status: 'COMPLETE', requires_payment: false, future: false, n: 8 },
      { status: 'COMPLETE', requires_payment: true, future: false, n: 12 },
      { status: 'SCHEDULED', requires_payment: false, future: true, n: 10 },
    ]);
  });
});

describe('procedures and treatment plans', () => {
  it('cover the fixture families and about a hundred other Bright Smiles patients', async () => {
    const [found] = await rows<{ patients: number; others: number }>(
      db(),
      sql`select count(distinct patient_id)::int as patients,
                 count(distinct patient_id) filter (where p.pat_num > 1008)::int as others
          from procedures pr join patients p on p.id = pr.patient_id`,
    );
    expect(found!.others).toBeGreaterThanOrEqual(100);
    expect(found!.others).toBeLessThan(110);
    const [elsewhere] = await db()
      .select({ n: count() })
      .from(procedures)
      .where(sql`${procedures.companyId} <> ${brightSmiles}`);
    expect(elsewhere!.n).toBe(0);
  });

  it('keep the money rule: portion = fee − write-off − insurance estimate + adjustment, paid through pay splits', async () => {
    const all = await db().select().from(procedures);
    const splitRows = await rows<{ proc_num: number; paid: number }>(
      db(),
      sql`select proc_num, sum(amount)::int as paid from pay_splits where proc_num is not null group by 1`,
    );
    const paid = new Map(splitRows.map((r) => [r.proc_num, r.paid]));
    for (const p of all) {
      expect(p.fee).toBeGreaterThan(0);
      expect(p.writeOff + p.insuranceEst).toBeLessThanOrEqual(p.fee);
      const patientPaid = paid.get(p.procNum) ?? 0;
      if (p.procStatus === 'C') {
        expect(p.paidFromInsurance + p.waitingFromInsurance).toBe(p.insuranceEst);
        // The splits never pay more than the patient's portion.
        expect(outstandingOf({ ...p, patientPaid }), `procedure ${p.procNum}`).toBeGreaterThanOrEqual(0);
      } else {
        expect([patientPaid, p.paidFromInsurance, p.waitingFromInsurance]).toEqual([0, 0, 0]);
      }
    }
    const due = (p: (typeof all)[number]) => procedureDue(p, paid.get(p.procNum) ?? 0).estDue;
    const completed = all.filter((p) => p.procStatus === 'C');
    expect(completed.some((p) => due(p) > 0)).toBe(true);
    // Paid in full, in part (by splits), and not at all.
    expect(completed.some((p) => paid.has(p.procNum) && due(p) === 0)).toBe(true);
    expect(completed.some((p) => paid.has(p.procNum) && due(p) > 0)).toBe(true);
    expect(completed.some((p) => !paid.has(p.procNum) && due(p) > 0)).toBe(true);
    expect(new Set(all.map((p) => p.procNum)).size).toBe(all.length);
  });

  it('put every planned procedure in a treatment plan of the same patient, with at most one active plan each', async () => {
    const [orphans] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from procedures pr
          left join treatment_plans tp on tp.treat_plan_num = pr.treat_plan_num and tp.company_id = pr.company_id
          where (pr.proc_status = 'TP') and (tp.id is null or tp.patient_id <> pr.patient_id)`,
    );
    expect(orphans!.n).toBe(0);
    const [twoActive] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select patient_id from treatment_plans where tp_status = 1 group by 1 having count(*) > 1) x`,
    );
    expect(twoActive!.n).toBe(0);
    const statuses = await db()
      .selectDistinct({ s: treatmentPlans.tpStatus })
      .from(treatmentPlans)
      .orderBy(treatmentPlans.tpStatus);
    expect(statuses.map((s) => s.s)).toEqual([0, 1, 2]);
  });
});

describe('claims and reimbursements', () => {
  it('put every procedure waiting on insurance on a sent claim of a customer, with several carriers', async () => {
    const [found] = await rows<{ waiting: number; claimed: number; carriers: number; patients: number }>(
      db(),
      sql`select (select count(*)::int from procedures pr join customers c on c.patient_id = pr.patient_id
                   where pr.proc_status = 'C' and pr.waiting_from_insurance > 0) as waiting,
                 (select count(*)::int from claim_procedures cp join claims cl on cl.id = cp.claim_id
                   join procedures pr on pr.id = cp.procedure_id
                   where cl.status = 'SENT' and cp.status = 'SENT' and pr.waiting_from_insurance = cp.insurance_estimate
                     and cp.fee = pr.fee and cl.patient_id = pr.patient_id and cl.date_service = pr.proc_date) as claimed,
                 (select count(distinct carrier_name)::int from claims where status = 'SENT') as carriers,
                 (select count(distinct patient_id)::int from claims where status = 'SENT') as patients`,
    );
    expect(found!.waiting).toBeGreaterThan(0);
    expect(found!.claimed).toBe(found!.waiting);
    expect(found!.carriers).toBeGreaterThanOrEqual(4);
    expect(found!.patients).toBeGreaterThanOrEqual(10);
  });

  it('give every INSURANCE transaction its reimbursement, whose claims are received and whose totals are its rows', async () => {
    const [found] = await rows<{
      payments: number;
      orphans: number;
      unreceived: number;
      untotalled: number;
      unrequested: number;
    }>(
      db(),
      sql`select (select count(*)::int from insurance_payments) as payments,
                 (select count(*)::int from transactions t left join insurance_payments ip
                   on ip.id = t.insurance_payment_id and ip.transaction_id = t.id and ip.company_id = t.company_id
                   where t.source = 'INSURANCE' and ip.id is null) as orphans,
                 (select count(*)::int from insurance_payments ip where not exists
                   (select 1 from claims c where c.insurance_payment_id = ip.id)
                   or exists (select 1 from claims c join claim_procedures cp on cp.claim_id = c.id
                     where c.insurance_payment_id = ip.id and (c.status <> 'RECEIVED' or cp.status <> 'RECEIVED'))) as unreceived,
                 (select count(*)::int from insurance_payments ip where
                   ip.reimbursed <> (select coalesce(sum(d.reimbursed), 0) from insurance_payment_details d where d.insurance_payment_id = ip.id)
                   or ip.patient_count <> (select count(*) from insurance_payment_details d where d.insurance_payment_id = ip.id)
                   or ip.reimbursed <> (select amount from transactions t where t.id = ip.transaction_id)) as untotalled,
                 (select count(*)::int from insurance_payment_details d where d.requested_payment <>
                   (select coalesce(sum((p->>'amountToCollect')::int), 0) from jsonb_array_elements(d.procedure_json) p)
                 ) as unrequested`,
    );
    expect(found!.payments).toBeGreaterThan(0);
    // A patient's Requested is what their procedures' shares add up to (the details' two tables agree).
    expect(found).toMatchObject({ orphans: 0, unreceived: 0, untotalled: 0, unrequested: 0 });
  });
});

describe('payment plans', () => {
  it('have the states the bell and the modal need', async () => {
    const plans = await db().select().from(paymentPlans).orderBy(paymentPlans.id);
    const bright = plans.filter((p) => p.companyId === brightSmiles);
    expect(bright.map((p) => p.status).sort()).toEqual([
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'COMPLETE',
      'INACTIVE',
    ]);
    expect(plans.filter((p) => p.companyId === cedarFamily)).toHaveLength(2);
    expect(plans.filter((p) => p.companyId === harborView)).toHaveLength(1);
    for (const p of plans) {
      expect(p.isCash).toBe(true);
      expect(p.customerSavedCardId).toBeNull();
      expect(p.cancelledDate !== null).toBe(p.status === 'INACTIVE');
      expect(p.completedDate !== null).toBe(p.status === 'COMPLETE');
    }
    const [maria] = await db()
      .select({ total: paymentPlans.total })
      .from(paymentPlans)
      .innerJoin(customers, eq(customers.id, paymentPlans.customerId))
      .where(eq(customers.patientKey, MARIA_GARCIA.patNum));
    expect(maria!.total).toBe(fixturePlanAmount(MARIA_GARCIA.patNum));
  });

  it('have schedules that add up to the total, and one ledger row per processed cycle', async () => {
    const plans = await db().select().from(paymentPlans);
    for (const plan of plans) {
      const details = await db()
        .select()
        .from(paymentPlanDetails)
        .where(eq(paymentPlanDetails.paymentPlanId, plan.id))
        .orderBy(asc(paymentPlanDetails.cycle));
      expect(details.reduce((sum, d) => sum + d.amountDue, 0)).toBe(plan.total);
      expect(details.filter((d) => !d.isDownPayment)).toHaveLength(plan.cycleCount);
      const ledger = await db().select().from(paymentLedger).where(eq(paymentLedger.paymentPlanId, plan.id));
      for (const d of details) {
        const rowsOfDetail = ledger.filter((l) => l.paymentPlanDetailId === d.id);
        if (d.processedToLedger) {
          expect(rowsOfDetail).toHaveLength(1);
          expect(rowsOfDetail[0]).toMatchObject({
            status: d.disposition,
            fundingSource: 'CASH',
            amount: d.amountDue,
            orderAmount: d.amountDue,
            surcharge: 0,
          });
          expect(['APPROVED', 'DECLINED']).toContain(d.disposition);
          expect(rowsOfDetail[0]!.dateTime.getTime()).toBeLessThanOrEqual(NOW.getTime());
        } else {
          expect(rowsOfDetail).toHaveLength(0);
          expect(d.disposition).toBeNull();
        }
      }
    }
  });

  it('leave three Bright Smiles plans past due, and John Smith two weekly cycles behind', async () => {
    const pastDue = await rows<{ plan: number; company_id: number; past_due: number; patient_key: number }>(
      db(),
      sql`select pp.id as plan, pp.company_id, c.patient_key, sum(d.amount_due)::int as past_due
          from payment_plans pp join customers c on c.id = pp.customer_id
          join payment_plan_details d on d.payment_plan_id = pp.id and d.disposition = 'DECLINED'
          where pp.status = 'ACTIVE' group by 1, 2, 3 order by 1`,
    );
    expect(pastDue.filter((p) => p.company_id === brightSmiles)).toHaveLength(3);
    expect(
      pastDue.find((p) => p.patient_key === JOHN_SMITH.patNum && p.company_id === brightSmiles)?.past_due,
    ).toBe(12000);

    // The newest notification of each past-due plan carries its past-due amount.
    for (const plan of pastDue) {
      const [latest] = await db()
        .select({ amountDue: companyNotifications.amountDue })
        .from(companyNotifications)
        .where(eq(companyNotifications.paymentPlanId, plan.plan))
        .orderBy(sql`${companyNotifications.dateTime} desc`)
        .limit(1);
      expect(latest?.amountDue).toBe(plan.past_due);
    }
  });
});

describe('notifications', () => {
  it('fill the bell over the last ten days, with some from the last day, in every practice', async () => {
    const all = await db().select().from(companyNotifications);
    expect(
      Object.keys(await perPractice(companyNotifications))
        .map(Number)
        .sort(),
    ).toEqual([brightSmiles, cedarFamily, harborView]);
    for (const n of all) {
      expect(n.type).toBe('PAYMENTPLAN_PASTDUE');
      expect(n.amountDue).toBeGreaterThan(0);
      expect(NOW.getTime() - n.dateTime.getTime()).toBeGreaterThanOrEqual(0);
      expect(NOW.getTime() - n.dateTime.getTime()).toBeLessThan(11 * DAY);
    }
    const recent = all.filter(
      (n) => n.companyId === brightSmiles && NOW.getTime() - n.dateTime.getTime() < DAY,
    );
    expect(recent.length).toBeGreaterThanOrEqual(2);
  });

  it('show everyone the new notice, and the older one to everyone but the admin who dismissed it', async () => {
    const notices = await db()
      .select()
      .from(userNotifications)
      .where(isNull(userNotifications.userId))
      .orderBy(userNotifications.created);
    expect(notices.map((n) => n.title)).toEqual([DISMISSED_NOTICE.title, WHATS_NEW.title]);
    expect(notices[1]).toMatchObject({
      fullyQualifiedUrl: 'https://chairside.test/whats-new',
      text: WHATS_NEW.text,
    });
    expect(NOW.getTime() - notices[1]!.created.getTime()).toBeLessThan(DAY);
    const dismissals = await db()
      .select({ email: users.email, notice: userNotificationDismissals.userNotificationId })
      .from(userNotificationDismissals)
      .innerJoin(users, eq(users.id, userNotificationDismissals.userId));
    expect(dismissals).toEqual([{ email: 'admin@chairside.test', notice: notices[0]!.id }]);
  });
});

describe('the seed as a whole', () => {
  // Seeds two databases of its own: 20 to 27 s in full runs, past the 30 s of the suite's default on
  // a loaded machine.
  it(
    'gives the same data for the same moment, and moves with a different one',
    { timeout: 120_000 },
    async () => {
      const again = await openScratchPglite();
      const later = await openScratchPglite();
      try {
        await seedDatabase(again.db, { scale: 1, now: NOW });
        expect(await seedDigest(again.db)).toEqual(await seedDigest(db()));

        await seedDatabase(later.db, { scale: 1, now: new Date(NOW.getTime() + 30 * DAY) });
        const pick = (d: Database) =>
          d.db
            .select({ first: patients.firstName, last: patients.lastName, birthdate: patients.birthdate })
            .from(patients)
            .where(and(eq(patients.companyId, brightSmiles), eq(patients.patNum, 1500)));
        const [before] = await pick(database);
        const [after] = await pick(later);
        expect(after!.first).toBe(before!.first);
        expect(after!.birthdate).not.toBe(before!.birthdate);
      } finally {
        await again.dispose();
        await later.dispose();
      }
    },
  );

  it('leaves the database empty when any part fails', async () => {
    const scratch = await openScratchPglite();
    try {
      // Notifications are written last but one: a failure there must undo the patients and plans too.
      await scratch.db.execute(
        sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
      );
      await scratch.db.execute(
        sql`create trigger refuse before insert on company_notifications execute function refuse()`,
      );
      await expect(seedDatabase(scratch.db, { scale: 0.2, now: NOW })).rejects.toThrow(
        /insert into "company_notifications"/,
      );
      const counts = await rows<{ n: number }>(
        scratch.db,
        sql`select (select count(*) from companies) + (select count(*) from users) + (select count(*) from patients)
                 + (select count(*) from customers) + (select count(*) from payment_plans) as n`,
      );
      expect(Number(counts[0]!.n)).toBe(0);
    } finally {
      await scratch.dispose();
    }
  });

  it('refuses a scale it cannot honour', async () => {
    await expect(seedDatabase(db(), { scale: 0, now: NOW })).rejects.toThrow('at least 0.1');
  });

  it('bulk-inserts text with quotes, commas, braces, backslashes and nulls intact', async () => {
    const tricky = ['He said "hi", {ok}', "O'Brien \\ back\\slash", 'NULL', '', 'ünïcödé ✓'];
    await insertMany(
      db(),
      outbox,
      tricky.map((body, i) => ({
        companyId: null,
        channel: 'SMS',
        recipient: `r${i}`,
        body,
        link: i % 2 ? null : 'x',
      })),
    );
    const back = await db().select({ body: outbox.body, link: outbox.link }).from(outbox).orderBy(outbox.id);
    expect(back.map((r) => r.body)).toEqual(tricky);
    expect(back.map((r) => r.link)).toEqual(['x', null, 'x', null, 'x']);
    await db().delete(outbox);
  });
});
