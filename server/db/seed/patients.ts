/**
 * The practice systems' patients, in families: a guarantor and up to four dependents who share the
 * last name, the zip code and the clinic. Contact details are safe to use anywhere: e-mails are at the
 * reserved example.com/.net/.org domains and mobile numbers are in the fictional 555-01xx range.
 */
import type { Db } from '../client.js';
import { patients } from '../schema/index.js';
import { addDays, addMonths } from '../../domain/calendarDates.js';
import { insertMany, nextId, syncSequence } from './batch.js';
import { FIXTURE_PATIENTS, RESERVED_SURNAMES, fixtureBirthdate, type FixturePatient } from './fixtures.js';
import { FIRST_NAMES, SURNAMES, generationOf } from './names.js';
import { PRACTICES } from './practices.js';
import { randomFor, weightedPicker, type Random, type SeedTime } from './random.js';

export interface SeededPatient {
  id: number;
  companyId: number;
  patNum: number;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  zip: string;
  clinicNum: number;
  guarantorPatNum: number;
  birthdate: string;
  age: number;
  insured: boolean;
  fixture: FixturePatient | null;
}

export type PatientsByPractice = Map<number, SeededPatient[]>;

interface PracticeProfile {
  companyId: number;
  /** Patients at scale 1, fixtures included. */
  count: number;
  clinics: { value: number; weight: number }[];
  areaCodes: { value: string; weight: number }[];
  /** Zip codes are the prefix followed by a two-digit number in this range. */
  zip: { prefix: string; from: number; to: number };
}

const PROFILES: PracticeProfile[] = [
  {
    companyId: PRACTICES.brightSmiles,
    count: 1400,
    clinics: [
      { value: 1, weight: 45 },
      { value: 2, weight: 33 },
      { value: 3, weight: 22 },
    ],
    areaCodes: [
      { value: '512', weight: 72 },
      { value: '737', weight: 20 },
    ],
    zip: { prefix: '787', from: 1, to: 59 },
  },
  {
    companyId: PRACTICES.cedarFamily,
    count: 500,
    clinics: [{ value: 0, weight: 1 }],
    areaCodes: [
      { value: '303', weight: 60 },
      { value: '720', weight: 28 },
      { value: '970', weight: 4 },
    ],
    zip: { prefix: '802', from: 1, to: 39 },
  },
  {
    companyId: PRACTICES.harborView,
    count: 300,
    clinics: [{ value: 0, weight: 1 }],
    areaCodes: [
      { value: '206', weight: 60 },
      { value: '425', weight: 18 },
      { value: '253', weight: 8 },
      { value: '360', weight: 6 },
    ],
    zip: { prefix: '981', from: 1, to: 99 },
  },
];

/** People who moved in keep their old number: a share of mobiles come from anywhere in the US. */
const MOVED_IN_AREA_CODES = '212 213 305 312 404 415 469 503 602 617 713 817'.split(' ');
const MOVED_IN_WEIGHT = 8;

/** Patient counts per practice at the given scale, fixtures included. */
function patientTargets(scale: number): Map<number, number> {
  return new Map(
    PROFILES.map((p) => [p.companyId, Math.max(fixturesOf(p.companyId).length, Math.round(p.count * scale))]),
  );
}

const fixturesOf = (companyId: number) => FIXTURE_PATIENTS.filter((f) => f.companyId === companyId);

type NewPatient = Omit<SeededPatient, 'id'> & { createdAt: Date };

export async function seedPatients(db: Db, time: SeedTime, scale: number): Promise<PatientsByPractice> {
  const targets = patientTargets(scale);
  const result: PatientsByPractice = new Map();
  let id = await nextId(db, patients);
  for (const profile of PROFILES) {
    const rows = buildPractice(profile, targets.get(profile.companyId)!, time).map((p) => ({
      ...p,
      id: id++,
    }));
    await insertMany(
      db,
      patients,
      rows.map((p) => ({
        id: p.id,
        companyId: p.companyId,
        patNum: p.patNum,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        cell: p.cell,
        zip: p.zip,
        clinicNum: p.clinicNum,
        guarantorPatNum: p.guarantorPatNum,
        birthdate: p.birthdate,
        createdAt: p.createdAt,
      })),
    );
    result.set(
      profile.companyId,
      rows.map(({ createdAt: _createdAt, ...p }) => p),
    );
  }
  await syncSequence(db, patients);
  return result;
}

function buildPractice(profile: PracticeProfile, target: number, time: SeedTime): NewPatient[] {
  const random = randomFor('patients', profile.companyId);
  const fixtures = fixturesOf(profile.companyId);
  const emails = new Set(fixtures.map((f) => f.email).filter(Boolean));
  const rows: NewPatient[] = fixtures.map((f, i) => ({
    companyId: f.companyId,
    patNum: f.patNum,
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    cell: f.cell,
    zip: f.zip,
    clinicNum: f.clinicNum,
    guarantorPatNum: f.guarantorPatNum,
    birthdate: fixtureBirthdate(f, time.today),
    age: f.age,
    insured: f.insured,
    fixture: f,
    createdAt: f.isNewPatient ? time.minutesAgo(240) : time.at(time.daysAgo(700 + 40 * i), 10, 15),
  }));

  const pick = {
    clinic: weightedPicker(profile.clinics),
    areaCode: weightedPicker([
      ...profile.areaCodes,
      ...MOVED_IN_AREA_CODES.map((value) => ({
        value,
        weight: MOVED_IN_WEIGHT / MOVED_IN_AREA_CODES.length,
      })),
    ]),
    surname: weightedPicker(
      SURNAMES.filter((s) => !RESERVED_SURNAMES.has(s.name.toLowerCase())).map((s) => ({
        value: s.name,
        weight: s.weight,
      })),
    ),
  };
  let patNum = 1001 + fixtures.length;
  while (rows.length < target) {
    const family = makeFamily(random, time, pick, profile, emails).slice(0, target - rows.length);
    const guarantorPatNum = patNum;
    for (const member of family) {
      rows.push({ ...member, companyId: profile.companyId, patNum: patNum++, guarantorPatNum });
    }
  }
  return rows;
}

type Member = Omit<NewPatient, 'companyId' | 'patNum' | 'guarantorPatNum'>;
type Gender = 'female' | 'male';

function makeFamily(
  random: Random,
  time: SeedTime,
  pick: {
    clinic: (r: Random) => number;
    areaCode: (r: Random) => string;
    surname: (r: Random) => string;
  },
  profile: PracticeProfile,
  emails: Set<string>,
): Member[] {
  const lastName = pick.surname(random);
  const zip =
    profile.zip.prefix +
    String(random.number.int({ min: profile.zip.from, max: profile.zip.to })).padStart(2, '0');
  const clinicNum = pick.clinic(random);
  const insured = random.datatype.boolean({ probability: 0.7 });
  const person = (age: number, gender: Gender): Member => {
    const birthdate = addDays(addMonths(time.today, -12 * age), -random.number.int({ min: 0, max: 364 }));
    const birthYear = Number(birthdate.slice(0, 4));
    const firstName = random.helpers.arrayElement(FIRST_NAMES[gender][generationOf(birthYear)]);
    // Teenagers start to have their own phone and e-mail; young children almost never do.
    const [emailChance, cellChance] = age >= 18 ? [0.92, 0.9] : age >= 16 ? [0.5, 0.6] : [0.04, 0.03];
    const sinceDays = random.number.int({ min: 7, max: Math.max(7, Math.min(3650, age * 365)) });
    return {
      firstName,
      lastName,
      email: random.datatype.boolean({ probability: emailChance })
        ? uniqueEmail(random, firstName, lastName, birthYear, emails)
        : '',
      cell: random.datatype.boolean({ probability: cellChance })
        ? `${pick.areaCode(random)}55501${String(random.number.int({ min: 0, max: 99 })).padStart(2, '0')}`
        : '',
      zip,
      clinicNum,
      birthdate,
      age,
      insured,
      fixture: null,
      createdAt: time.at(
        time.daysAgo(sinceDays),
        random.number.int({ min: 8, max: 17 }),
        random.number.int({ min: 0, max: 59 }),
      ),
    };
  };

  const guarantorAge = random.helpers.weightedArrayElement([
    { value: random.number.int({ min: 22, max: 34 }), weight: 25 },
    { value: random.number.int({ min: 35, max: 49 }), weight: 35 },
    { value: random.number.int({ min: 50, max: 64 }), weight: 25 },
    { value: random.number.int({ min: 65, max: 88 }), weight: 15 },
  ]);
  // Women more often manage the family's dental accounts.
  const guarantorGender: Gender = random.datatype.boolean({ probability: 0.56 }) ? 'female' : 'male';
  const family = [person(guarantorAge, guarantorGender)];

  const shape = random.helpers.weightedArrayElement([
    { value: 'single', weight: 34 },
    { value: 'couple', weight: 18 },
    { value: 'coupleWithChildren', weight: 32 },
    { value: 'singleParent', weight: 16 },
  ] as const);
  if (shape === 'couple' || shape === 'coupleWithChildren') {
    const spouseAge = Math.max(19, guarantorAge + random.number.int({ min: -5, max: 5 }));
    const sameGender = random.datatype.boolean({ probability: 0.06 });
    const other: Gender = guarantorGender === 'female' ? 'male' : 'female';
    family.push(person(spouseAge, sameGender ? guarantorGender : other));
  }
  // Children were born while the guarantor was 20 to 45, and are dependents until about 22.
  const youngestChild = Math.max(1, guarantorAge - 45);
  const oldestChild = Math.min(22, guarantorAge - 20);
  if ((shape === 'coupleWithChildren' || shape === 'singleParent') && youngestChild <= oldestChild) {
    const children = random.helpers.weightedArrayElement([
      { value: 1, weight: 40 },
      { value: 2, weight: 40 },
      { value: 3, weight: 20 },
    ]);
    for (let i = 0; i < children && family.length < 5; i++) {
      const gender: Gender = random.datatype.boolean() ? 'female' : 'male';
      family.push(person(random.number.int({ min: youngestChild, max: oldestChild }), gender));
    }
  }
  return family;
}

const EMAIL_DOMAINS = [
  { value: 'example.com', weight: 60 },
  { value: 'example.net', weight: 25 },
  { value: 'example.org', weight: 15 },
];

/** An address people would pick from their own name, made unique in the practice with a number. */
function uniqueEmail(
  random: Random,
  first: string,
  last: string,
  birthYear: number,
  taken: Set<string>,
): string {
  const f = first.toLowerCase().replace(/[^a-z]/g, '');
  const l = last.toLowerCase().replace(/[^a-z]/g, '');
  const local = random.helpers.weightedArrayElement([
    { value: `${f}.${l}`, weight: 40 },
    { value: `${f}${l}`, weight: 15 },
    { value: `${f[0]}${l}`, weight: 15 },
    { value: `${f}${l[0]}${String(birthYear).slice(2)}`, weight: 10 },
    { value: `${f}_${l}`, weight: 10 },
    { value: `${f}.${l}${random.number.int({ min: 1, max: 99 })}`, weight: 10 },
  ]);
  const domain = random.helpers.weightedArrayElement(EMAIL_DOMAINS);
  let email = `${local}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
  taken.add(email);
  return email;
}
