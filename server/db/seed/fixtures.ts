/**
 * Named demo patients that every seed contains with the same patient numbers, names and contact
 * details, whatever the scale: demos and tests import these instead of guessing. They take the first
 * patient numbers of their practice (1001 upwards), ahead of the generated families.
 *
 * Their surnames (except Garcia and Smith, which are common on purpose) never occur among the
 * generated patients, so a search for "Okafor" finds exactly the two Okafors.
 */
import { PRACTICES } from './practices.js';

export interface FixturePatient {
  companyId: number;
  patNum: number;
  firstName: string;
  lastName: string;
  /** Lower-case; '' for none. */
  email: string;
  /** Ten digits; '' for none. */
  cell: string;
  zip: string;
  clinicNum: number;
  /** The family's guarantor; the patient's own patNum for a guarantor. */
  guarantorPatNum: number;
  /** Age in whole years on the seed's `now`; see `fixtureBirthdate`. */
  age: number;
  /** MM-DD */
  birthday: string;
  /** Covered by a PPO plan (drives the insurance columns of their procedures). */
  insured: boolean;
  /** Brought into Chairside already: has a `customers` row. */
  isCustomer: boolean;
  /** First seen today: the practice system created the record this morning. */
  isNewPatient?: boolean;
}

const bright = PRACTICES.brightSmiles;

/** Guarantor of the Garcia family, Headquarters. Has an active payment plan for her crown. */
export const MARIA_GARCIA: FixturePatient = {
  companyId: bright,
  patNum: 1001,
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria.garcia@example.com',
  cell: '5125550142',
  zip: '78704',
  clinicNum: 1,
  guarantorPatNum: 1001,
  age: 41,
  birthday: '05-12',
  insured: true,
  isCustomer: true,
};

/** Maria's daughter (12): no e-mail or phone of her own. A completed visit today with a balance. */
export const SOFIA_GARCIA: FixturePatient = {
  ...MARIA_GARCIA,
  patNum: 1002,
  firstName: 'Sofia',
  email: '',
  cell: '',
  age: 12,
  birthday: '09-03',
};

/** Maria's son (8): no e-mail or phone of his own. An active treatment plan for sealants. */
export const MATEO_GARCIA: FixturePatient = {
  ...MARIA_GARCIA,
  patNum: 1003,
  firstName: 'Mateo',
  email: '',
  cell: '',
  age: 8,
  birthday: '02-17',
};

export const GARCIA_FAMILY = {
  guarantor: MARIA_GARCIA,
  children: [SOFIA_GARCIA, MATEO_GARCIA],
  members: [MARIA_GARCIA, SOFIA_GARCIA, MATEO_GARCIA],
} as const;

/**
 * Uninsured, Headquarters. Holds a weekly payment plan with two declined cycles (past due), and a
 * completed visit yesterday with a balance. Other, generated John Smiths may exist, as in any practice.
 */
export const JOHN_SMITH: FixturePatient = {
  companyId: bright,
  patNum: 1004,
  firstName: 'John',
  lastName: 'Smith',
  email: 'john.smith@example.com',
  cell: '5125550123',
  zip: '78745',
  clinicNum: 1,
  guarantorPatNum: 1004,
  age: 56,
  birthday: '11-22',
  insured: false,
  isCustomer: true,
};

/** Her e-mail has nothing to do with her name: a search for "sunnyside" finds her only by e-mail. */
export const PRIYA_NATARAJAN: FixturePatient = {
  companyId: bright,
  patNum: 1005,
  firstName: 'Priya',
  lastName: 'Natarajan',
  email: 'sunnyside.runner@example.net',
  cell: '5125550177',
  zip: '78757',
  clinicNum: 2,
  guarantorPatNum: 1005,
  age: 34,
  birthday: '07-08',
  insured: true,
  isCustomer: true,
};

/** One of two unrelated Okafors: this one at Northside Clinic. */
export const CHIDI_OKAFOR: FixturePatient = {
  companyId: bright,
  patNum: 1006,
  firstName: 'Chidi',
  lastName: 'Okafor',
  email: 'chidi.okafor@example.com',
  cell: '5125550161',
  zip: '78758',
  clinicNum: 2,
  guarantorPatNum: 1006,
  age: 45,
  birthday: '03-30',
  insured: true,
  isCustomer: true,
};

/** The other Okafor, at Lakeview Clinic, in her own family: a search for "Okafor" shows two clinics. */
export const GRACE_OKAFOR: FixturePatient = {
  companyId: bright,
  patNum: 1007,
  firstName: 'Grace',
  lastName: 'Okafor',
  email: 'grace.okafor@example.org',
  cell: '7375550188',
  zip: '78734',
  clinicNum: 3,
  guarantorPatNum: 1007,
  age: 29,
  birthday: '12-05',
  insured: true,
  isCustomer: true,
};

export const SAME_LAST_NAME_AT_TWO_CLINICS = [CHIDI_OKAFOR, GRACE_OKAFOR] as const;

/**
 * A new patient seen today at Lakeview Clinic who is NOT yet a Chairside customer: the
 * completed-appointments list offers him, and picking him brings him in (customer transition).
 */
export const NOAH_WHITFIELD: FixturePatient = {
  companyId: bright,
  patNum: 1008,
  firstName: 'Noah',
  lastName: 'Whitfield',
  email: 'noah.whitfield@example.com',
  cell: '7375550119',
  zip: '78738',
  clinicNum: 3,
  guarantorPatNum: 1008,
  age: 38,
  birthday: '06-21',
  insured: false,
  isCustomer: false,
  isNewPatient: true,
};

/** Cedar Family Dentistry (one clinic): a guarantor with a teenage son; she holds a payment plan. */
export const EVELYN_CASTELLANOS: FixturePatient = {
  companyId: PRACTICES.cedarFamily,
  patNum: 1001,
  firstName: 'Evelyn',
  lastName: 'Castellanos',
  email: 'evelyn.castellanos@example.com',
  cell: '3035550155',
  zip: '80203',
  clinicNum: 0,
  guarantorPatNum: 1001,
  age: 47,
  birthday: '04-14',
  insured: true,
  isCustomer: true,
};

export const LUCAS_CASTELLANOS: FixturePatient = {
  ...EVELYN_CASTELLANOS,
  patNum: 1002,
  firstName: 'Lucas',
  email: '',
  cell: '',
  age: 14,
  birthday: '10-02',
};

/** Harbor View Dental: a retiree whose weekly payment plan is past due. */
export const WALTER_LINDGREN: FixturePatient = {
  companyId: PRACTICES.harborView,
  patNum: 1001,
  firstName: 'Walter',
  lastName: 'Lindgren',
  email: 'walter.lindgren@example.com',
  cell: '2065550164',
  zip: '98109',
  clinicNum: 0,
  guarantorPatNum: 1001,
  age: 67,
  birthday: '01-19',
  insured: false,
  isCustomer: true,
};

/** Every fixture patient, in patient-number order within each practice (guarantors first). */
export const FIXTURE_PATIENTS: readonly FixturePatient[] = [
  MARIA_GARCIA,
  SOFIA_GARCIA,
  MATEO_GARCIA,
  JOHN_SMITH,
  PRIYA_NATARAJAN,
  CHIDI_OKAFOR,
  GRACE_OKAFOR,
  NOAH_WHITFIELD,
  EVELYN_CASTELLANOS,
  LUCAS_CASTELLANOS,
  WALTER_LINDGREN,
];

/** Surnames the generator never uses, so searches for them find the fixtures only. */
export const RESERVED_SURNAMES: ReadonlySet<string> = new Set(
  ['Natarajan', 'Okafor', 'Whitfield', 'Castellanos', 'Lindgren'].map((s) => s.toLowerCase()),
);

/** A fixture's birthdate on the seed's `now`: always `age` years old that day. */
export function fixtureBirthdate(p: FixturePatient, today: string): string {
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
  const hadBirthday = p.birthday <= monthDay;
  return `${year - p.age - (hadBirthday ? 0 : 1)}-${p.birthday}`;
}

// ── Their dental records (Bright Smiles, the practice that allocates payments to procedures) ──

/** The practice's providers by initials: dentists do treatment, hygienists cleanings and exams. */
export const PROVIDERS = { dentists: ['AKW', 'RTM'], hygienists: ['JLB', 'CMR'] } as const;

export interface FixtureTreatmentPlan {
  key: string;
  patNum: number;
  heading: string;
  daysAgo: number;
  note: string;
  /** 0 Saved, 1 Active, 2 Inactive */
  tpStatus: 0 | 1 | 2;
}

export interface FixtureProcedure {
  patNum: number;
  code: string;
  tooth?: string;
  provider: string;
  daysAgo: number;
  status: 'C' | 'TP';
  /** Completed, insured procedures: the claim is paid or still waiting. */
  claim?: 'paid' | 'waiting';
  /** What the patient paid of their portion: all of it, or cents. */
  patientPaid?: 'full' | number;
  /** Signed cents: negative lowers what the patient owes (a courtesy discount). */
  adjustment?: number;
  /** The patient's remaining portion is being paid through their payment plan. */
  onPaymentPlan?: boolean;
  /** The treatment plan (by key) a TP procedure belongs to. */
  treatmentPlan?: string;
}

export const FIXTURE_TREATMENT_PLANS: readonly FixtureTreatmentPlan[] = [
  {
    key: 'maria-rct-3',
    patNum: MARIA_GARCIA.patNum,
    heading: 'Root canal and crown #3',
    daysAgo: 0,
    note: 'Cracked cusp with symptoms. Patient will call to schedule after checking her benefits.',
    tpStatus: 1,
  },
  {
    key: 'maria-guard',
    patNum: MARIA_GARCIA.patNum,
    heading: 'Night guard',
    daysAgo: 190,
    note: 'Wear facets from grinding; recommended a hard guard.',
    tpStatus: 0,
  },
  {
    key: 'maria-implant-30',
    patNum: MARIA_GARCIA.patNum,
    heading: 'Implant #30 option',
    daysAgo: 400,
    note: 'Tooth restored with a composite instead.',
    tpStatus: 2,
  },
  {
    key: 'mateo-sealants',
    patNum: MATEO_GARCIA.patNum,
    heading: 'Sealants on first molars',
    daysAgo: 30,
    note: 'Lower first molars fully erupted.',
    tpStatus: 1,
  },
  {
    key: 'john-implant-2',
    patNum: JOHN_SMITH.patNum,
    heading: 'Implant #2',
    daysAgo: 1,
    note: 'Place after the extraction site heals (about 3 months).',
    tpStatus: 1,
  },
  {
    key: 'chidi-crown-30',
    patNum: CHIDI_OKAFOR.patNum,
    heading: 'Crown #30 after root canal',
    daysAgo: 0,
    note: 'Build up and crown within 4 weeks of the root canal.',
    tpStatus: 1,
  },
  {
    key: 'noah-perio',
    patNum: NOAH_WHITFIELD.patNum,
    heading: 'Periodontal therapy',
    daysAgo: 0,
    note: 'Generalized 5 mm pockets in the lower arch.',
    tpStatus: 0,
  },
];

const [hygienist, hygienist2] = PROVIDERS.hygienists;
const [dentist, dentist2] = PROVIDERS.dentists;

type Terms = Pick<FixtureProcedure, 'tooth' | 'claim' | 'patientPaid' | 'adjustment' | 'onPaymentPlan'>;

/** Completed procedures of one visit. */
const visit = (
  patient: FixturePatient,
  daysAgo: number,
  provider: string,
  codes: string[],
  terms: Terms = {},
) =>
  codes.map((code): FixtureProcedure => ({
    patNum: patient.patNum,
    code,
    provider,
    daysAgo,
    status: 'C',
    ...terms,
  }));

/** Procedures planned in a treatment plan, dated on the plan's date. */
const planned = (key: string, provider: string, procs: [code: string, tooth?: string][]) => {
  const plan = FIXTURE_TREATMENT_PLANS.find((tp) => tp.key === key)!;
  return procs.map(([code, tooth]): FixtureProcedure => ({
    patNum: plan.patNum,
    code,
    tooth,
    provider,
    daysAgo: plan.daysAgo,
    status: 'TP',
    treatmentPlan: key,
  }));
};

const paid: Terms = { claim: 'paid', patientPaid: 'full' };
const waiting: Terms = { claim: 'waiting' };

export const FIXTURE_PROCEDURES: readonly FixtureProcedure[] = [
  // Maria: a recall long paid, a crown financed by her payment plan, today's recall and a filling.
  ...visit(MARIA_GARCIA, 190, hygienist, ['D0120', 'D1110', 'D0274'], paid),
  ...visit(MARIA_GARCIA, 62, dentist, ['D2950', 'D2740'], {
    tooth: '19',
    claim: 'paid',
    onPaymentPlan: true,
  }),
  ...visit(MARIA_GARCIA, 0, hygienist, ['D0120', 'D1110'], waiting),
  ...visit(MARIA_GARCIA, 0, dentist, ['D2392'], { tooth: '30', ...waiting }),
  ...planned('maria-rct-3', dentist, [
    ['D3330', '3'],
    ['D2950', '3'],
    ['D2740', '3'],
  ]),
  ...planned('maria-guard', dentist, [['D9944']]),
  ...planned('maria-implant-30', dentist2, [
    ['D6010', '30'],
    ['D6058', '30'],
  ]),
  // Sofia: a paid recall; today a cleaning, two sealants and a small filling.
  ...visit(SOFIA_GARCIA, 180, hygienist, ['D0120', 'D1120', 'D1206'], paid),
  ...visit(SOFIA_GARCIA, 0, hygienist, ['D1120', 'D1206'], waiting),
  ...visit(SOFIA_GARCIA, 0, dentist, ['D1351'], { tooth: '3', ...waiting }),
  ...visit(SOFIA_GARCIA, 0, dentist, ['D1351'], { tooth: '14', ...waiting }),
  ...visit(SOFIA_GARCIA, 0, dentist, ['D2391'], { tooth: '30', ...waiting }),
  // Mateo: a paid recall, an unpaid filling on a primary molar, and planned sealants.
  ...visit(MATEO_GARCIA, 180, hygienist, ['D0120', 'D1120', 'D0272'], paid),
  ...visit(MATEO_GARCIA, 30, dentist, ['D2391'], { tooth: 'K', claim: 'paid' }),
  ...planned('mateo-sealants', hygienist, [
    ['D1351', '19'],
    ['D1351', '30'],
  ]),
  // John (no insurance): a paid new-patient exam, part-paid root planing, yesterday's extraction.
  ...visit(JOHN_SMITH, 420, dentist2, ['D0150', 'D0210'], { patientPaid: 'full' }),
  ...visit(JOHN_SMITH, 40, hygienist2, ['D4341'], { tooth: 'UR', patientPaid: 10000 }),
  ...visit(JOHN_SMITH, 1, dentist2, ['D0140']),
  // A courtesy discount of 10 % on the extraction.
  ...visit(JOHN_SMITH, 1, dentist2, ['D7140'], { tooth: '2', adjustment: -1950 }),
  ...planned('john-implant-2', dentist2, [
    ['D6010', '2'],
    ['D6058', '2'],
  ]),
  // Priya: a paid recall and a part-paid night guard.
  ...visit(PRIYA_NATARAJAN, 100, hygienist2, ['D0120', 'D1110'], paid),
  ...visit(PRIYA_NATARAJAN, 20, dentist, ['D9944'], { claim: 'paid', patientPaid: 10000 }),
  // Chidi: an emergency root canal today, with the crown planned.
  ...visit(CHIDI_OKAFOR, 0, dentist2, ['D0140'], waiting),
  ...visit(CHIDI_OKAFOR, 0, dentist2, ['D0220', 'D3330'], { tooth: '30', ...waiting }),
  ...planned('chidi-crown-30', dentist2, [
    ['D2950', '30'],
    ['D2740', '30'],
  ]),
  // Grace: a paid recall and yesterday's front filling.
  ...visit(GRACE_OKAFOR, 200, hygienist, ['D0120', 'D1110'], paid),
  ...visit(GRACE_OKAFOR, 1, dentist, ['D2330'], { tooth: '8', ...waiting }),
  // Noah (no insurance): today's new-patient exam and panoramic image, root planing planned.
  ...visit(NOAH_WHITFIELD, 0, dentist2, ['D0150', 'D0330']),
  ...planned('noah-perio', hygienist2, [
    ['D4341', 'LR'],
    ['D4341', 'LL'],
  ]),
];

/**
 * Completed appointments that still need payment, for fixture patients. Without `amountDue` the amount
 * is what the patient still owes for that day's procedures (see `outstandingOf` in procedures.ts).
 */
export const FIXTURE_DUE_APPOINTMENTS: readonly {
  patient: FixturePatient;
  daysAgo: 0 | 1;
  amountDue?: number;
}[] = [
  { patient: SOFIA_GARCIA, daysAgo: 0 },
  { patient: MARIA_GARCIA, daysAgo: 0 },
  { patient: CHIDI_OKAFOR, daysAgo: 0 },
  { patient: NOAH_WHITFIELD, daysAgo: 0 },
  { patient: JOHN_SMITH, daysAgo: 1 },
  { patient: GRACE_OKAFOR, daysAgo: 1 },
  { patient: EVELYN_CASTELLANOS, daysAgo: 0, amountDue: 18500 },
];
