/** Procedures and treatment plans for the model's tests (and the widget's, if it likes them). */
import type { Procedure, TreatmentPlan } from '../../../embed-sdk/contract/allocation.js';

let nextId = 1;

/** A completed procedure of patient 7 (Ada Lovelace), nothing paid: its Est. Due is its fee. */
export function aProcedure(fields: Partial<Procedure> = {}): Procedure {
  const id = fields.procedureId ?? nextId++;
  const fee = fields.originalAmount ?? fields.estDue ?? 10_000;
  return {
    procedureId: id,
    procNum: 1000 + id,
    procCode: 'D0120',
    procedureDescription: 'Periodic oral evaluation',
    tooth: '',
    provider: 'DOC1',
    date: '2026-03-10',
    dateTP: null,
    tpHeading: null,
    tpStatus: null,
    treatPlanNum: null,
    procStatus: 'C',
    procStatusFriendly: 'Complete',
    patientKey: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    originalAmount: fee,
    customerOutOfPocketPaidToDate: 0,
    paymentPlanPending: 0,
    insurance: 0,
    insuranceEst: 0,
    waitingFromInsurance: 0,
    paidFromInsurance: 0,
    writeOff: 0,
    procAdjustment: 0,
    estDue: fee,
    ...fields,
  };
}

/** A treatment-planned procedure on plan `plan`. */
export function aPlannedProcedure(plan: TreatmentPlan, fields: Partial<Procedure> = {}): Procedure {
  return aProcedure({
    procStatus: 'TP',
    procStatusFriendly: 'Treatment Planned',
    treatPlanNum: plan.treatPlanNum,
    tpHeading: plan.tpHeading,
    tpStatus: plan.tpStatus,
    dateTP: plan.dateTP,
    date: plan.dateTP,
    patientKey: plan.patientKey,
    ...fields,
  });
}

export function aTreatmentPlan(
  fields: Partial<TreatmentPlan> & Pick<TreatmentPlan, 'treatPlanNum'>,
): TreatmentPlan {
  return {
    tpHeading: `Plan ${fields.treatPlanNum}`,
    dateTP: '2026-02-01',
    note: '',
    tpStatus: 1,
    patientKey: 7,
    ...fields,
  };
}
