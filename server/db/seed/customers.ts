/**
 * Chairside's customers: the patients a practice has already brought into Chairside (about a third,
 * and every fixture marked as a customer). Families tend to come in together: when a guarantor is a
 * customer, most of the family is too, and each dependent's `guarantorId` points to the guarantor's
 * customer. A guarantor's own `guarantorId` stays null, as when the patient route brings one in.
 */
import type { Db } from '../client.js';
import { customers } from '../schema/index.js';
import { insertMany, nextId, syncSequence } from './batch.js';
import type { PatientsByPractice, SeededPatient } from './patients.js';
import { randomFor, type SeedTime } from './random.js';

export interface SeededCustomer {
  id: number;
  companyId: number;
  patient: SeededPatient;
  createdAt: Date;
}

export type CustomersByPractice = Map<number, SeededCustomer[]>;

/** Share of families that use Chairside, and of their dependents who were brought in with them. */
const ENGAGED_FAMILY = 0.38;
const ENGAGED_DEPENDENT = 0.65;
/** Patients of other families who paid through Chairside once (a payment request, a card on file). */
const OCCASIONAL = 0.05;

export async function seedCustomers(
  db: Db,
  time: SeedTime,
  patientsByPractice: PatientsByPractice,
): Promise<CustomersByPractice> {
  const result: CustomersByPractice = new Map();
  let id = await nextId(db, customers);
  for (const [companyId, practicePatients] of patientsByPractice) {
    const random = randomFor('customers', companyId);
    const chosen: { patient: SeededPatient; createdAt: Date }[] = [];
    let engaged = false;
    for (const patient of practicePatients) {
      const isGuarantor = patient.guarantorPatNum === patient.patNum;
      if (isGuarantor) engaged = random.datatype.boolean({ probability: ENGAGED_FAMILY });
      const isCustomer = patient.fixture
        ? patient.fixture.isCustomer
        : random.datatype.boolean({
            probability: engaged ? (isGuarantor ? 1 : ENGAGED_DEPENDENT) : OCCASIONAL,
          });
      if (!isCustomer) continue;
      const since = patient.fixture ? 300 : random.number.int({ min: 1, max: 720 });
      chosen.push({
        patient,
        createdAt: time.at(
          time.daysAgo(since),
          random.number.int({ min: 8, max: 17 }),
          random.number.int({ min: 0, max: 59 }),
        ),
      });
    }

    const rows = chosen.map(({ patient, createdAt }) => ({ id: id++, companyId, patient, createdAt }));
    const idOf = new Map(rows.map((c) => [c.patient.patNum, c.id]));
    await insertMany(
      db,
      customers,
      rows.map(({ id, patient: p, createdAt }) => ({
        id,
        companyId,
        patientId: p.id,
        patientKey: p.patNum,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        cell: p.cell,
        zip: p.zip,
        clinicNum: p.clinicNum,
        guarantorId: p.guarantorPatNum === p.patNum ? null : (idOf.get(p.guarantorPatNum) ?? null),
        createdAt,
      })),
    );
    result.set(companyId, rows);
  }
  await syncSequence(db, customers);

  return result;
}
