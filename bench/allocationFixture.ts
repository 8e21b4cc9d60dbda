/**
 * A family for the allocation's bench and screenshots, shaped by the contract: six patients (the
 * first the guarantor), `count` procedures over two years spread across them (about a quarter on
 * treatment plans in each status), partly paid by insurance and by the patient. Deterministic: the
 * same key gives the same family. Until the sandbox's bench fixture (400 procedures, a family of 6)
 * is merged, the bench answers the allocation's GETs with this.
 */
import type { FamilyMember, Procedure, TreatmentPlan } from '../embed-sdk/contract/allocation.js';

const FIRST = ['Luis', 'Maria', 'Sofia', 'Diego', 'Elena', 'Mateo'];
const CODES: [string, string, number][] = [
  ['D0120', 'Periodic oral evaluation', 6_000],
  ['D1110', 'Prophylaxis - adult', 9_500],
  ['D0274', 'Bitewings - four radiographic images', 7_200],
  ['D2391', 'Resin composite, one surface, posterior', 18_000],
  ['D2740', 'Crown - porcelain/ceramic', 120_000],
  ['D2950', 'Core buildup, including any pins', 28_000],
  ['D3330', 'Endodontic therapy, molar', 110_000],
  ['D4341', 'Periodontal scaling and root planing', 24_000],
  ['D9972', 'External bleaching - per arch', 25_000],
];
const PROVIDERS = ['Dr. Ana Smith', 'Dr. Ben Ortiz', 'Dr. Chloe Park'];

export function familyFixture(key: number, count: number) {
  const guarantor = key - (key % 10);
  const family: FamilyMember[] = FIRST.map((first, i) => ({
    key: guarantor + i,
    customerId: i === 5 ? null : guarantor + i + 100_000,
    firstName: first,
    lastName: 'Garcia',
    email: `${first.toLowerCase()}@example.com`,
    isGuarantor: i === 0,
  }));
  const plans: TreatmentPlan[] = [0, 1, 2, 1, 0, 2].map((status, i) => ({
    treatPlanNum: guarantor * 10 + i,
    tpHeading: ['Crown work', 'Periodontal therapy', 'Whitening', 'Root canal', 'Fillings', 'Old plan'][i]!,
    dateTP: `2026-${String(1 + i * 2).padStart(2, '0')}-15`,
    note: i % 2 === 0 ? 'Discussed with the patient' : '',
    tpStatus: status,
    patientKey: family[i % 6]!.key,
  }));
  const procedures: Procedure[] = [];
  for (let i = 0; i < count; i++) {
    const [code, description, fee] = CODES[i % CODES.length]!;
    const member = family[i % 6]!;
    const planned = i % 4 === 3;
    const plan = plans[i % plans.length]!;
    const day = new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 700) * 86_400_000).toISOString().slice(0, 10);
    const insurance = i % 3 === 0 ? Math.round(fee * 0.4) : 0;
    const paid = i % 5 === 0 ? Math.round(fee * 0.1) : 0;
    procedures.push({
      procedureId: guarantor * 1000 + i,
      procNum: guarantor * 1000 + i + 500_000,
      procCode: code,
      procedureDescription: description,
      tooth: i % 2 ? String(1 + (i % 32)) : '',
      provider: PROVIDERS[i % PROVIDERS.length]!,
      date: planned ? plan.dateTP : day,
      dateTP: planned ? plan.dateTP : null,
      tpHeading: planned ? plan.tpHeading : null,
      tpStatus: planned ? plan.tpStatus : null,
      treatPlanNum: planned ? plan.treatPlanNum : null,
      procStatus: planned ? 'TP' : 'C',
      procStatusFriendly: planned ? 'Treatment Planned' : 'Completed',
      patientKey: member.key,
      firstName: member.firstName,
      lastName: member.lastName,
      originalAmount: fee,
      customerOutOfPocketPaidToDate: paid,
      paymentPlanPending: 0,
      insurance,
      insuranceEst: 0,
      waitingFromInsurance: 0,
      paidFromInsurance: insurance,
      writeOff: 0,
      procAdjustment: 0,
      estDue: fee - insurance - paid,
    });
  }
  return { family, plans, procedures };
}
