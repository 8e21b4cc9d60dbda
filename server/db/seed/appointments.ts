/**
 * The practice systems' appointments behind the "Completed Appointments" list: visits completed today
 * and yesterday that still need payment, a few already paid, some no-shows and the coming two weeks.
 * The counts do not grow with the scale: a bigger practice list does not mean a busier day.
 * Harbor View (Eaglesoft) has no schedule feed, so it gets none.
 */
import type { Db } from '../client.js';
import { appointments } from '../schema/index.js';
import { addDays } from '../../domain/calendarDates.js';
import { FIXTURE_DUE_APPOINTMENTS } from './fixtures.js';
import type { PatientsByPractice, SeededPatient } from './patients.js';
import { PRACTICES } from './practices.js';
import { fixtureOutstanding } from './procedures.js';
import { randomFor, type Random, type SeedTime } from './random.js';

interface Plan {
  companyId: number;
  /** Completed and requiring payment, today and yesterday, fixtures included. */
  due: number;
  /** Clinics in turn for the generated due visits, so every clinic has some. */
  clinics: number[];
  scheduled: number;
  paid: number;
  broken: number;
}

const PLANS: Plan[] = [
  { companyId: PRACTICES.brightSmiles, due: 12, clinics: [1, 2, 3], scheduled: 10, paid: 8, broken: 2 },
  { companyId: PRACTICES.cedarFamily, due: 6, clinics: [0], scheduled: 4, paid: 3, broken: 0 },
];

type Row = typeof appointments.$inferInsert;

export async function seedAppointments(db: Db, time: SeedTime, patientsByPractice: PatientsByPractice) {
  const rows: Row[] = [];
  for (const plan of PLANS) rows.push(...planPractice(plan, time, patientsByPractice.get(plan.companyId)!));
  await db.insert(appointments).values(rows);
  return rows.length;
}

function planPractice(plan: Plan, time: SeedTime, patients: SeededPatient[]): Row[] {
  const random = randomFor('appointments', plan.companyId);
  const { companyId } = plan;
  const used = new Set<number>();
  const pickPatient = (clinicNum?: number) => {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const p = random.helpers.arrayElement(patients);
      if (p.fixture || used.has(p.id) || (clinicNum !== undefined && p.clinicNum !== clinicNum)) continue;
      used.add(p.id);
      return p;
    }
    throw new Error(`Too few patients in practice ${companyId} for its demo appointments.`);
  };
  const yesterday = time.daysAgo(1);
  let today = 0;
  let yesterdays = 0;
  // Today's visits end before now, one every 50 minutes going back; yesterday's fill the day.
  const when = (daysAgo: 0 | 1) =>
    daysAgo === 0
      ? time.minutesAgo(25 + 50 * today++)
      : time.at(yesterday, 9 + yesterdays, 30 * (yesterdays++ % 2));
  const rows: Row[] = [];
  const due = (patient: SeededPatient, daysAgo: 0 | 1, amountDue: number) =>
    rows.push({
      companyId,
      patientId: patient.id,
      clinicNum: patient.clinicNum,
      startsAt: when(daysAgo),
      status: 'COMPLETE',
      amountDue,
      requiresPayment: true,
    });

  for (const f of FIXTURE_DUE_APPOINTMENTS.filter((a) => a.patient.companyId === companyId)) {
    const patient = patients.find((p) => p.patNum === f.patient.patNum)!;
    used.add(patient.id);
    due(patient, f.daysAgo, f.amountDue ?? fixtureOutstanding(f.patient.patNum, f.daysAgo));
  }
  for (let i = 0; rows.length < plan.due; i++) {
    due(pickPatient(plan.clinics[i % plan.clinics.length]), i % 2 === 0 ? 0 : 1, patientPortion(random));
  }

  for (let i = 0; i < plan.paid; i++) {
    const patient = pickPatient();
    rows.push({
      companyId,
      patientId: patient.id,
      clinicNum: patient.clinicNum,
      startsAt: time.at(
        time.daysAgo(random.number.int({ min: 2, max: 7 })),
        random.number.int({ min: 8, max: 16 }),
      ),
      status: 'COMPLETE',
      amountDue: 0,
      requiresPayment: false,
    });
  }
  for (let i = 0; i < plan.broken; i++) {
    const patient = pickPatient();
    rows.push({
      companyId,
      patientId: patient.id,
      clinicNum: patient.clinicNum,
      startsAt: time.at(
        time.daysAgo(random.number.int({ min: 2, max: 10 })),
        random.number.int({ min: 8, max: 16 }),
      ),
      status: 'BROKEN',
      amountDue: 0,
      requiresPayment: false,
    });
  }
  for (let i = 0; i < plan.scheduled; i++) {
    const patient = pickPatient();
    rows.push({
      companyId,
      patientId: patient.id,
      clinicNum: patient.clinicNum,
      startsAt: time.at(
        nextWeekday(time.today, random.number.int({ min: 1, max: 14 })),
        random.number.int({ min: 8, max: 16 }),
        random.helpers.arrayElement([0, 30]),
      ),
      status: 'SCHEDULED',
      amountDue: 0,
      requiresPayment: false,
    });
  }
  return rows;
}

/** What a patient typically owes after insurance for a visit: $35 to $420, cents included. */
function patientPortion(random: Random): number {
  return random.number.int({ min: 35, max: 420 }) * 100 + random.helpers.arrayElement([0, 0, 25, 50, 75]);
}

/** `days` ahead, moved to Monday when it lands on a weekend (the practices are closed). */
function nextWeekday(today: string, days: number): string {
  const date = addDays(today, days);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(date, 2) : weekday === 0 ? addDays(date, 1) : date;
}
