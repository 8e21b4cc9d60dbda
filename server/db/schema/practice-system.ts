/**
 * The practice system's clinical records the sandbox plays (procedures, treatment plans). Only the
 * seed writes them today; allocation (part 2) will read them through server/practice-system/.
 */
import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { patients } from './patients.js';
import { companies } from './practices.js';

export const treatmentPlans = pgTable(
  'treatment_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatPlanNum: integer('treat_plan_num').notNull(),
    heading: text('heading').notNull(),
    dateTP: date('date_tp', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    /** 0 Saved, 1 Active, 2 Inactive */
    tpStatus: integer('tp_status').notNull().default(0),
  },
  (t) => [index('treatment_plans_patient').on(t.patientId)],
);

export const procedures = pgTable(
  'procedures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    procNum: integer('proc_num').notNull(),
    procCode: text('proc_code').notNull(),
    description: text('description').notNull(),
    tooth: text('tooth').notNull().default(''),
    provider: text('provider').notNull().default(''),
    procDate: date('proc_date', { mode: 'string' }).notNull(),
    /** C completed, TP treatment-planned */
    procStatus: text('proc_status').notNull(),
    treatPlanNum: integer('treat_plan_num'),
    fee: integer('fee').notNull(),
    insuranceEst: integer('insurance_est').notNull().default(0),
    paidFromInsurance: integer('paid_from_insurance').notNull().default(0),
    waitingFromInsurance: integer('waiting_from_insurance').notNull().default(0),
    writeOff: integer('write_off').notNull().default(0),
    adjustment: integer('adjustment').notNull().default(0),
    patientPaid: integer('patient_paid').notNull().default(0),
    paymentPlanPending: integer('payment_plan_pending').notNull().default(0),
  },
  (t) => [
    index('procedures_patient').on(t.patientId),
    index('procedures_company_date').on(t.companyId, t.procDate),
  ],
);
