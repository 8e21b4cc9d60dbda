/**
 * Dental records for Bright Smiles (the practice that allocates payments to procedures): completed
 * procedures (C) and treatment plans with their planned procedures (TP), for the fixture families
 * and about a hundred generated patients whose families use Chairside.
 *
 * Money follows one rule, so tests and the allocation code can rely on it:
 *   patient portion = fee − writeOff − insuranceEst + adjustment   (adjustment is signed)
 *   on completed procedures insuranceEst = paidFromInsurance + waitingFromInsurance
 *   outstanding     = patient portion − patientPaid − paymentPlanPending
 * A PPO writes off 15 % of the fee and pays 100/100/80/50 % of the rest (see cdt.ts);
 * uninsured patients have no write-off and no insurance.
 *
 * `patientPaid` is what the history says the patient paid; it is not a column. What the practice
 * took at its own desk before Chairside (a fixture's 'full', a generated patient's settled or
 * half-paid visit) becomes a practice-system payment with pay splits (`DeskPayment`, written by
 * practicePayments.ts); a fixture's amount in cents is paid through Chairside (collections.ts), whose
 * posted payment the record allocates. The record then derives what was paid from its splits.
 */
import type { Db } from '../client.js';
import { procedures, treatmentPlans } from '../schema/index.js';
import { insertMany } from './batch.js';
import { COVERAGE_PERCENT, PPO_WRITE_OFF_PERCENT, cdt } from './cdt.js';
import type { CustomersByPractice } from './customers.js';
import {
  FIXTURE_PROCEDURES,
  FIXTURE_TREATMENT_PLANS,
  FIXTURE_PATIENTS,
  PROVIDERS,
  type FixtureProcedure,
} from './fixtures.js';
import type { PatientsByPractice, SeededPatient } from './patients.js';
import { PRACTICES } from './practices.js';
import { randomFor, sample, type Random, type SeedTime } from './random.js';

export interface ProcedureMoney {
  fee: number;
  insuranceEst: number;
  paidFromInsurance: number;
  waitingFromInsurance: number;
  writeOff: number;
  adjustment: number;
  patientPaid: number;
  paymentPlanPending: number;
}

export interface MoneyTerms {
  insured: boolean;
  status: 'C' | 'TP';
  claim?: 'paid' | 'waiting';
  patientPaid?: 'full' | number;
  adjustment?: number;
  onPaymentPlan?: boolean;
}

export function procedureMoney(code: string, terms: MoneyTerms): ProcedureMoney {
  const { fee, category } = cdt(code);
  const writeOff = terms.insured ? Math.round((fee * PPO_WRITE_OFF_PERCENT) / 100) : 0;
  const insuranceEst = terms.insured ? Math.round(((fee - writeOff) * COVERAGE_PERCENT[category]) / 100) : 0;
  const adjustment = terms.adjustment ?? 0;
  const portion = fee - writeOff - insuranceEst + adjustment;
  if (terms.status === 'TP') {
    return {
      fee,
      insuranceEst,
      paidFromInsurance: 0,
      waitingFromInsurance: 0,
      writeOff,
      adjustment,
      patientPaid: 0,
      paymentPlanPending: 0,
    };
  }
  const waiting = terms.claim === 'waiting';
  const patientPaid = terms.patientPaid === 'full' ? portion : Math.min(portion, terms.patientPaid ?? 0);
  return {
    fee,
    insuranceEst,
    paidFromInsurance: waiting ? 0 : insuranceEst,
    waitingFromInsurance: waiting ? insuranceEst : 0,
    writeOff,
    adjustment,
    patientPaid,
    paymentPlanPending: terms.onPaymentPlan ? portion - patientPaid : 0,
  };
}

/** What the patient still owes for a completed procedure. */
export function outstandingOf(m: ProcedureMoney): number {
  return m.fee - m.writeOff - m.insuranceEst + m.adjustment - m.patientPaid - m.paymentPlanPending;
}

const fixtureMoney = (p: FixtureProcedure) => {
  const patient = FIXTURE_PATIENTS.find(
    (f) => f.companyId === PRACTICES.brightSmiles && f.patNum === p.patNum,
  )!;
  return procedureMoney(p.code, { ...p, insured: patient.insured });
};

/** What a fixture patient still owes for the procedures completed `daysAgo` days before the seed's today. */
export function fixtureOutstanding(patNum: number, daysAgo: number): number {
  return FIXTURE_PROCEDURES.filter((p) => p.patNum === patNum && p.status === 'C' && p.daysAgo === daysAgo)
    .map((p) => outstandingOf(fixtureMoney(p)))
    .reduce((a, b) => a + b, 0);
}

/** The part of a fixture patient's completed work that their payment plan pays. */
export function fixturePlanAmount(patNum: number): number {
  return FIXTURE_PROCEDURES.filter((p) => p.patNum === patNum && p.onPaymentPlan)
    .map((p) => fixtureMoney(p).paymentPlanPending)
    .reduce((a, b) => a + b, 0);
}

/** What a patient paid at the practice's desk on a procedure, before Chairside. */
export interface DeskPayment {
  patNum: number;
  procNum: number;
  date: string;
  amount: number;
}

interface PlannedProcedure {
  patientId: number;
  patNum: number;
  /** The part of `money.patientPaid` taken at the desk (the rest came through Chairside). */
  paidAtDesk: number;
  code: string;
  tooth: string;
  provider: string;
  date: string;
  status: 'C' | 'TP';
  treatPlanNum: number | null;
  money: ProcedureMoney;
}

interface PlannedTreatmentPlan {
  patientId: number;
  treatPlanNum: number;
  heading: string;
  dateTP: string;
  note: string;
  tpStatus: number;
}

const OTHER_PATIENTS = 100;

export async function seedProcedures(
  db: Db,
  time: SeedTime,
  patientsByPractice: PatientsByPractice,
  customersByPractice: CustomersByPractice,
) {
  const companyId = PRACTICES.brightSmiles;
  const random = randomFor('procedures', companyId);
  const patients = patientsByPractice.get(companyId)!;
  const byPatNum = new Map(patients.map((p) => [p.patNum, p]));
  const plans: PlannedTreatmentPlan[] = [];
  const procs: PlannedProcedure[] = [];
  let nextTreatPlanNum = 201;

  const planNums = new Map<string, number>();
  for (const tp of FIXTURE_TREATMENT_PLANS) {
    planNums.set(tp.key, nextTreatPlanNum);
    plans.push({
      patientId: byPatNum.get(tp.patNum)!.id,
      treatPlanNum: nextTreatPlanNum++,
      heading: tp.heading,
      dateTP: time.daysAgo(tp.daysAgo),
      note: tp.note,
      tpStatus: tp.tpStatus,
    });
  }
  for (const p of FIXTURE_PROCEDURES) {
    const money = fixtureMoney(p);
    procs.push({
      patientId: byPatNum.get(p.patNum)!.id,
      patNum: p.patNum,
      paidAtDesk: p.patientPaid === 'full' ? money.patientPaid : 0,
      code: p.code,
      tooth: p.tooth ?? '',
      provider: p.provider,
      date: time.daysAgo(p.daysAgo),
      status: p.status,
      treatPlanNum: p.treatmentPlan ? planNums.get(p.treatmentPlan)! : null,
      money,
    });
  }

  // Whole families whose guarantor uses Chairside, so the allocation's family view has records.
  const customerPatNums = new Set(customersByPractice.get(companyId)!.map((c) => c.patient.patNum));
  const families = new Map<number, SeededPatient[]>();
  for (const p of patients) {
    if (p.fixture || !customerPatNums.has(p.guarantorPatNum)) continue;
    families.set(p.guarantorPatNum, [...(families.get(p.guarantorPatNum) ?? []), p]);
  }
  const chosen: SeededPatient[] = [];
  for (const family of random.helpers.shuffle([...families.values()])) {
    if (chosen.length >= OTHER_PATIENTS) break;
    chosen.push(...family);
  }
  for (const patient of chosen) {
    const history = dentalHistory(random, time, patient, () => nextTreatPlanNum++);
    plans.push(...history.plans);
    procs.push(...history.procs);
  }

  await insertMany(
    db,
    treatmentPlans,
    plans.map((tp) => ({ ...tp, companyId })),
  );
  let procNum = 5001;
  const deskPayments: DeskPayment[] = [];
  await insertMany(
    db,
    procedures,
    procs.map((p) => {
      const { patientPaid: _paid, ...money } = p.money;
      const num = procNum++;
      if (p.paidAtDesk > 0) {
        deskPayments.push({ patNum: p.patNum, procNum: num, date: p.date, amount: p.paidAtDesk });
      }
      return {
        companyId,
        patientId: p.patientId,
        procNum: num,
        procCode: p.code,
        description: cdt(p.code).description,
        tooth: p.tooth,
        provider: p.provider,
        procDate: p.date,
        procStatus: p.status,
        treatPlanNum: p.treatPlanNum,
        ...money,
      };
    }),
  );
  return { treatmentPlans: plans.length, procedures: procs.length, deskPayments };
}

const MOLARS = ['2', '3', '14', '15', '18', '19', '30', '31'];
const POSTERIOR = [...MOLARS, '4', '5', '12', '13', '20', '21', '28', '29'];
const ANTERIOR = ['6', '7', '8', '9', '10', '11', '22', '23', '24', '25', '26', '27'];
const PRIMARY_MOLARS = ['A', 'B', 'I', 'J', 'K', 'L', 'S', 'T'];
const QUADRANTS = ['UR', 'UL', 'LR', 'LL'];

/** Work a dentist plans as one treatment plan; `tooth` is filled in per patient. */
const PLAN_TEMPLATES = [
  { heading: (t: string) => `Crown #${t}`, codes: ['D2950', 'D2740'], teeth: MOLARS, weight: 30 },
  {
    heading: (t: string) => `Root canal and crown #${t}`,
    codes: ['D3330', 'D2950', 'D2740'],
    teeth: MOLARS,
    weight: 12,
  },
  {
    heading: (t: string) => `Extraction and implant #${t}`,
    codes: ['D7210', 'D6010', 'D6058'],
    teeth: MOLARS,
    weight: 10,
  },
  { heading: (t: string) => `Filling #${t}`, codes: ['D2392'], teeth: POSTERIOR, weight: 28 },
  { heading: () => 'Periodontal therapy', codes: ['D4341', 'D4341'], teeth: QUADRANTS, weight: 12 },
  { heading: () => 'Night guard', codes: ['D9944'], teeth: [''], weight: 8 },
];

const PLAN_NOTES = [
  'Patient wants to schedule after checking benefits.',
  'Discussed options and fees; patient will call back.',
  'Phase 1 of treatment.',
  'Pre-authorization sent to insurance.',
  '',
];

function dentalHistory(random: Random, time: SeedTime, patient: SeededPatient, nextPlanNum: () => number) {
  const procs: PlannedProcedure[] = [];
  const plans: PlannedTreatmentPlan[] = [];
  const dentist = random.helpers.arrayElement(PROVIDERS.dentists);
  const hygienist = random.helpers.arrayElement(PROVIDERS.hygienists);
  const child = patient.age < 14;
  const completed = (code: string, daysAgo: number, provider: string, tooth = '') => {
    const recent = daysAgo <= 30;
    // Older balances are mostly settled; the last month's are mostly still open.
    const paid = random.helpers.weightedArrayElement<'full' | 'half' | 'none'>(
      daysAgo > 60
        ? [
            { value: 'full', weight: 92 },
            { value: 'none', weight: 8 },
          ]
        : daysAgo > 30
          ? [
              { value: 'full', weight: 50 },
              { value: 'half', weight: 25 },
              { value: 'none', weight: 25 },
            ]
          : [
              { value: 'half', weight: 25 },
              { value: 'none', weight: 75 },
            ],
    );
    const base = procedureMoney(code, {
      insured: patient.insured,
      status: 'C',
      claim: recent ? 'waiting' : 'paid',
    });
    const portion = outstandingOf(base);
    const patientPaid = paid === 'full' ? portion : paid === 'half' ? Math.floor(portion / 2) : 0;
    procs.push({
      patientId: patient.id,
      patNum: patient.patNum,
      paidAtDesk: patientPaid,
      code,
      tooth,
      provider,
      date: time.daysAgo(daysAgo),
      status: 'C',
      treatPlanNum: null,
      money: { ...base, patientPaid },
    });
  };

  // Recall visits about every six months, the latest between a week and five months ago.
  const visits = random.number.int({ min: 1, max: 4 });
  const latest = random.number.int({ min: 3, max: 150 });
  const perio = !child && patient.age >= 40 && random.datatype.boolean({ probability: 0.15 });
  for (let v = 0; v < visits; v++) {
    const daysAgo = latest + v * 182 + random.number.int({ min: -10, max: 10 });
    if (daysAgo < 1) continue;
    completed('D0120', daysAgo, hygienist);
    completed(child ? 'D1120' : perio ? 'D4910' : 'D1110', daysAgo, hygienist);
    if (child) completed('D1206', daysAgo, hygienist);
    if (v % 2 === 0) completed(child ? 'D0272' : 'D0274', daysAgo, hygienist);
  }

  // Restorative work between the recalls.
  const treatments = random.helpers.weightedArrayElement([
    { value: 0, weight: 35 },
    { value: 1, weight: 45 },
    { value: 2, weight: 20 },
  ]);
  for (let t = 0; t < treatments; t++) {
    const daysAgo = random.number.int({ min: 1, max: 700 });
    if (child) {
      completed(
        random.helpers.arrayElement(['D2391', 'D2140']),
        daysAgo,
        dentist,
        random.helpers.arrayElement(PRIMARY_MOLARS),
      );
      continue;
    }
    const kind = random.helpers.weightedArrayElement([
      { value: 'filling', weight: 55 },
      { value: 'front', weight: 10 },
      { value: 'crown', weight: 20 },
      { value: 'extraction', weight: 10 },
      { value: 'pain', weight: 5 },
    ] as const);
    if (kind === 'filling') {
      const code = random.helpers.arrayElement(['D2391', 'D2392', 'D2393', 'D2140']);
      completed(code, daysAgo, dentist, random.helpers.arrayElement(POSTERIOR));
    } else if (kind === 'front') {
      completed('D2330', daysAgo, dentist, random.helpers.arrayElement(ANTERIOR));
    } else if (kind === 'crown') {
      const tooth = random.helpers.arrayElement(MOLARS);
      completed('D2950', daysAgo, dentist, tooth);
      completed(random.helpers.arrayElement(['D2740', 'D2750']), daysAgo, dentist, tooth);
    } else if (kind === 'extraction') {
      completed(
        random.helpers.arrayElement(['D7140', 'D7210']),
        daysAgo,
        dentist,
        random.helpers.arrayElement(MOLARS),
      );
    } else {
      completed('D0140', daysAgo, dentist);
      completed('D9110', daysAgo, dentist);
    }
  }

  // Treatment plans: at most one Active per patient, as the practice system allows.
  const planCount = random.helpers.weightedArrayElement([
    { value: 0, weight: 50 },
    { value: 1, weight: 35 },
    { value: 2, weight: 15 },
  ]);
  for (let i = 0; i < planCount; i++) {
    const tpStatus =
      i === 0
        ? random.helpers.weightedArrayElement([
            { value: 1, weight: 55 },
            { value: 0, weight: 30 },
            { value: 2, weight: 15 },
          ])
        : random.helpers.arrayElement([0, 2]);
    const dateTP = time.daysAgo(random.number.int({ min: 0, max: 365 }));
    const treatPlanNum = nextPlanNum();
    const codes: { code: string; tooth: string }[] = [];
    let heading: string;
    if (child) {
      heading = 'Sealants';
      for (const tooth of sample(random, ['3', '14', '19', '30'], random.number.int({ min: 2, max: 4 }))) {
        codes.push({ code: 'D1351', tooth });
      }
    } else {
      const template = random.helpers.weightedArrayElement(
        PLAN_TEMPLATES.map((t) => ({ value: t, weight: t.weight })),
      );
      const teeth = sample(random, template.teeth, template.codes.length);
      const sameTooth = template.teeth !== QUADRANTS;
      heading = template.heading(teeth[0]!);
      template.codes.forEach((code, n) => codes.push({ code, tooth: sameTooth ? teeth[0]! : teeth[n]! }));
    }
    plans.push({
      patientId: patient.id,
      treatPlanNum,
      heading,
      dateTP,
      note: random.helpers.arrayElement(PLAN_NOTES),
      tpStatus,
    });
    for (const { code, tooth } of codes) {
      procs.push({
        patientId: patient.id,
        patNum: patient.patNum,
        paidAtDesk: 0,
        code,
        tooth,
        provider: code.startsWith('D4') || code === 'D1351' ? hygienist : dentist,
        date: dateTP,
        status: 'TP',
        treatPlanNum,
        money: procedureMoney(code, { insured: patient.insured, status: 'TP' }),
      });
    }
  }
  return { procs, plans };
}
