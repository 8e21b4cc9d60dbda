/**
 * Reimbursements as staff read them (part 2, "Insurance reimbursements"): the list, one
 * reimbursement with its procedures and details rows, the carriers, and a carrier's sent claims for
 * a new reimbursement. Open Dental practices only: elsewhere every call answers 404, as for a screen
 * that does not exist.
 */
import type * as contract from '../../embed-sdk/contract/insurance.js';
import { reimbursementStatus } from '../../embed-sdk/rules/reimbursement.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { customersByPatientKeys, patientsWithCustomers } from '../patients/store.js';
import { claimCarriers, proceduresOfClaims, sentClaimsOf } from '../practice-system/claimStore.js';
import { isOpenDental } from '../practice-system/payments.js';
import {
  countPayments,
  detailsOf,
  findPayment,
  paymentCarriers,
  paymentPage,
  type InsurancePaymentRecord,
  type PaymentFilter,
} from './store.js';

/** Reimbursements exist at Open Dental practices only: elsewhere their calls answer 404. */
export async function openDentalOrNotFound(ctx: AppContext, practice: PracticeId) {
  if (!(await isOpenDental(ctx.db, practice))) throw new NotFoundError('The reimbursement');
}

export function summaryOf(r: InsurancePaymentRecord): contract.InsurancePaymentSummary {
  return {
    id: r.id,
    date: r.date,
    carrierName: r.carrierName,
    planName: r.planName,
    fundingSource: r.fundingSource as contract.InsuranceFundingSource,
    cardDescription: r.cardDescription,
    cardType: r.cardType as contract.InsurancePaymentSummary['cardType'],
    referenceId: r.referenceId,
    transactionId: r.transactionId,
    reimbursed: r.reimbursed,
    writtenOff: r.writtenOff,
    requestedPayment: r.requestedPayment,
    paid: r.paid,
    patientCount: r.patientCount,
    status: reimbursementStatus(r),
  };
}

export async function insurancePaymentList(
  ctx: AppContext,
  practice: PracticeId,
  body: PaymentFilter & { page: number; pageSize: number },
) {
  await openDentalOrNotFound(ctx, practice);
  const [rows, totalCount] = await Promise.all([
    paymentPage(ctx.db, practice, body, body),
    countPayments(ctx.db, practice, body),
  ]);
  return { payments: rows.map(summaryOf), totalCount };
}

export async function insuranceCarriers(ctx: AppContext, practice: PracticeId) {
  await openDentalOrNotFound(ctx, practice);
  const [ofClaims, ofPayments] = await Promise.all([
    claimCarriers(ctx.db, practice),
    paymentCarriers(ctx.db, practice),
  ]);
  const carriers = [...new Set([...ofClaims, ...ofPayments])].filter(Boolean);
  return { carriers: carriers.sort((a, b) => a.localeCompare(b)) };
}

export async function insurancePaymentView(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
): Promise<contract.InsurancePayment> {
  await openDentalOrNotFound(ctx, practice);
  const payment = await findPayment(ctx.db, practice, id);
  if (!payment) throw new NotFoundError('The reimbursement');
  const details = await detailsOf(ctx.db, practice, id);
  const people = await patientsWithCustomers(
    ctx.db,
    practice,
    details.map((d) => d.patientId),
  );
  const procedures: contract.PaidProcedure[] = [];
  const rows: contract.InsurancePaymentDetail[] = details.map((d) => {
    const person = people.get(d.patientId);
    for (const p of d.procedureJson as Omit<contract.PaidProcedure, 'patientKey'>[]) {
      procedures.push({ ...p, patientKey: person?.patNum ?? null });
    }
    return {
      key: person?.patNum ?? null,
      customerId: person?.customerId ?? 0,
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      procCodeCount: d.procCodeCount,
      deductible: d.deductible,
      reimbursed: d.reimbursed,
      writtenOff: d.writtenOff,
      requestedPayment: d.requestedPayment,
      paid: d.paid,
      notificationId: d.notificationId,
    };
  });
  return {
    ...summaryOf(payment),
    json: { carrierName: payment.carrierName, planName: payment.planName, procedures },
    details: rows,
  };
}

/** A carrier's sent claims, oldest service date first, with their patients and procedures. */
export async function sentClaims(
  ctx: AppContext,
  practice: PracticeId,
  carrierName: string,
): Promise<{ claims: contract.Claim[] }> {
  await openDentalOrNotFound(ctx, practice);
  const found = await sentClaimsOf(ctx.db, practice, carrierName);
  const [procedures, customers] = await Promise.all([
    proceduresOfClaims(
      ctx.db,
      practice,
      found.map((c) => c.id),
    ),
    customersByPatientKeys(
      ctx.db,
      practice,
      found.map((c) => c.patNum),
    ),
  ]);
  const claims: contract.Claim[] = [];
  for (const c of found) {
    const customer = customers.get(c.patNum);
    // A claim of a patient who is no Chairside customer has nobody to ask for a share: not offered.
    if (!customer) continue;
    claims.push({
      claimId: c.id,
      claimNumber: c.claimNumber,
      carrierName: c.carrierName,
      planName: c.planName,
      dateService: c.dateService,
      status: c.status,
      customerId: customer.id,
      patientKey: c.patNum,
      firstName: customer.firstName,
      lastName: customer.lastName,
      cell: customer.cell,
      email: customer.email,
      procedures: procedures
        .filter((p) => p.claimId === c.id)
        .map((p) => ({
          claimProcedureId: p.id,
          procDate: p.procDate,
          procCode: p.procCode,
          descript: p.descript,
          fee: p.fee,
          insuranceEstimate: p.insuranceEstimate,
          deductibleApplied: p.deductibleApplied,
          writeOffEstimate: p.writeOffEstimate,
          insurancePaid: p.insurancePaid,
          writtenOff: p.writtenOff,
          status: p.status,
        })),
    });
  }
  return { claims };
}
