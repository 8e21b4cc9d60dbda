/**
 * The demo data: deterministic (fixed random seeds, every date derived from `now`), so every fresh
 * sandbox and every test starts from the same practices, patients and payments. `npm run seed --
 * --scale N` makes N times the patients for benchmarks.
 *
 * Everything goes in one transaction: a failure leaves the database empty, never half seeded.
 */
import type { Db } from '../client.js';
import { seedAppointments } from './appointments.js';
import { seedBulkRequests } from './bulkRequests.js';
import { seedSentClaims } from './claims.js';
import { seedCollections } from './collections.js';
import { seedCustomers } from './customers.js';
import { seedIntegrations } from './integrations.js';
import { MoneyBook } from './money.js';
import { seedCompanyNotifications, seedUserNotifications } from './notifications.js';
import { seedPatients } from './patients.js';
import { seedPaymentPlans } from './paymentPlans.js';
import { seedPracticePayments } from './practicePayments.js';
import { PRACTICES, seedPractices, seedUsers } from './practices.js';
import { seedProcedures } from './procedures.js';
import { seedTime } from './random.js';

export interface SeedOptions {
  /** Multiplies the number of patients (1 = 2,200: 1,400 + 500 + 300); at least 0.1. */
  scale: number;
  /** The moment the demo data is built around; defaults to now. */
  now?: Date;
}

export interface SeedSummary {
  patients: number;
  customers: number;
  appointments: number;
  treatmentPlans: number;
  procedures: number;
  paymentPlans: number;
  memberships: number;
  transactions: number;
  /** Payments in the practice system's record (the posted ones, with their pay splits). */
  practicePayments: number;
  /** The carriers' claims still waiting for their payment (Bright Smiles). */
  sentClaims: number;
  companyNotifications: number;
  userNotifications: number;
}

export const MIN_SCALE = 0.1;

export { isSeeded } from './seeded.js';

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  if (!Number.isFinite(opts.scale) || opts.scale < MIN_SCALE) {
    throw new RangeError(`The seed scale must be a number of at least ${MIN_SCALE}, got ${opts.scale}.`);
  }
  const time = seedTime(opts.now ?? new Date());
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await seedPractices(tx, time.now);
    const users = await seedUsers(tx, time.now);
    await seedIntegrations(tx, time.now);
    const patients = await seedPatients(tx, time, opts.scale);
    const customers = await seedCustomers(tx, time, patients);
    const appointments = await seedAppointments(tx, time, patients);
    const records = await seedProcedures(tx, time, patients, customers);
    // Money rows are collected in one book and written together, parents first.
    const book = await MoneyBook.open(tx, time);
    const plans = await seedPaymentPlans(tx, time, customers, book);
    const senders = new Map([
      [PRACTICES.brightSmiles, users.frontdeskId],
      [PRACTICES.cedarFamily, users.adminId],
      [PRACTICES.harborView, users.adminId],
    ]);
    const memberships = seedCollections({
      book,
      time,
      scale: opts.scale,
      patients,
      customers,
      senders,
    });
    await book.write(tx);
    await seedBulkRequests(tx, senders);
    const practicePayments = await seedPracticePayments(tx, time, book, {
      companyId: PRACTICES.brightSmiles,
      payments: records.deskPayments,
    });
    const sentClaims = await seedSentClaims(tx);
    const companyNotifications = await seedCompanyNotifications(tx, time, plans);
    const userNotifications = await seedUserNotifications(tx, time, users.adminId);
    const total = <T>(byPractice: Map<number, T[]>) =>
      [...byPractice.values()].reduce((n, list) => n + list.length, 0);
    return {
      patients: total(patients),
      customers: total(customers),
      appointments,
      treatmentPlans: records.treatmentPlans,
      procedures: records.procedures,
      paymentPlans: plans.length,
      memberships: memberships.memberships,
      transactions: book.count('transactions'),
      practicePayments,
      sentClaims,
      companyNotifications,
      userNotifications,
    };
  });
}
