/** Reimbursements, claims and a fake server for the reimbursements' component tests. */
import type {
  Claim,
  ClaimProcedure,
  InsurancePayment,
  InsurancePaymentSummary,
} from '../../../embed-sdk/contract/insurance.js';
import type { CurrentCompany } from '../../../embed-sdk/contract/company.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import type { UserProfile } from '../../../embed-sdk/index.js';
import { BRIGHT_SMILES } from '../../ui/testing/cardFixtures.js';
import { ok, type FakeHandler } from '../../ui/testing/fakeSdk.js';

export function summary(over: Partial<InsurancePaymentSummary> & Pick<InsurancePaymentSummary, 'id'>) {
  return {
    date: '2026-11-20',
    carrierName: 'Delta Dental',
    planName: 'PPO Plus',
    fundingSource: 'CHECK',
    cardDescription: null,
    cardType: null,
    referenceId: '1234',
    transactionId: null,
    reimbursed: 24000,
    writtenOff: 3000,
    requestedPayment: 5000,
    paid: 0,
    patientCount: 2,
    status: 'AWAITING_PAYMENT',
    ...over,
  } satisfies InsurancePaymentSummary;
}

export function payment(over: Partial<InsurancePayment> & Pick<InsurancePayment, 'id'>): InsurancePayment {
  return {
    ...summary(over),
    json: {
      carrierName: 'Delta Dental',
      planName: 'PPO Plus',
      procedures: [
        {
          procDate: '2026-10-02',
          procCode: 'D1110',
          descript: 'Prophylaxis - adult',
          amountToPay: 9000,
          amountToWriteOff: 1000,
          amountToCollect: 0,
          patientKey: 11,
        },
        {
          procDate: '2026-10-02',
          procCode: 'D0274',
          descript: 'Bitewings - four films',
          amountToPay: 0,
          amountToWriteOff: 0,
          amountToCollect: 6500,
          patientKey: 11,
        },
        {
          procDate: '2026-10-09',
          procCode: 'D2740',
          descript: 'Crown - porcelain/ceramic',
          amountToPay: 15000,
          amountToWriteOff: 2000,
          amountToCollect: 5000,
          patientKey: 12,
        },
      ],
    },
    details: [
      {
        key: 11,
        customerId: 11,
        firstName: 'Maria',
        lastName: 'Okafor',
        procCodeCount: 2,
        deductible: 0,
        reimbursed: 9000,
        writtenOff: 1000,
        requestedPayment: 0,
        paid: 0,
        notificationId: null,
      },
      {
        key: 12,
        customerId: 12,
        firstName: 'Sofia',
        lastName: 'Reyes',
        procCodeCount: 1,
        deductible: 5000,
        reimbursed: 15000,
        writtenOff: 2000,
        requestedPayment: 5000,
        paid: 0,
        notificationId: '3f1c2b9e-8d7a-4c5b-9e6f-1a2b3c4d5e6f',
      },
    ],
    ...over,
  };
}

function procedure(
  over: Partial<ClaimProcedure> & Pick<ClaimProcedure, 'claimProcedureId' | 'procCode'>,
): ClaimProcedure {
  return {
    procDate: '2026-10-02',
    descript: 'Procedure',
    fee: 10000,
    insuranceEstimate: 8000,
    deductibleApplied: 0,
    writeOffEstimate: 1000,
    insurancePaid: 0,
    writtenOff: 0,
    status: 'SENT',
    ...over,
  };
}

/** Two patients' claims at Delta Dental: Maria's cleaning (no share), Sofia's crown ($50.00 share). */
export const CLAIMS: Claim[] = [
  {
    claimId: 501,
    claimNumber: 'C-501',
    carrierName: 'Delta Dental',
    planName: 'PPO Plus',
    dateService: '2026-10-02',
    status: 'SENT',
    customerId: 11,
    patientKey: 11,
    firstName: 'Maria',
    lastName: 'Okafor',
    cell: '(555) 201-0101',
    email: 'maria@example.com',
    procedures: [
      procedure({
        claimProcedureId: 9001,
        procCode: 'D1110',
        descript: 'Prophylaxis - adult',
        fee: 10000,
        insuranceEstimate: 9000,
        writeOffEstimate: 1000,
      }),
    ],
  },
  {
    claimId: 502,
    claimNumber: 'C-502',
    carrierName: 'Delta Dental',
    planName: 'PPO Plus',
    dateService: '2026-10-09',
    status: 'SENT',
    customerId: 12,
    patientKey: 12,
    firstName: 'Sofia',
    lastName: 'Reyes',
    cell: '',
    email: '',
    procedures: [
      procedure({
        claimProcedureId: 9002,
        procCode: 'D2740',
        descript: 'Crown - porcelain/ceramic',
        fee: 22000,
        insuranceEstimate: 15000,
        writeOffEstimate: 2000,
      }),
    ],
  },
];

export function profileWith(roles: Role[]): UserProfile {
  return { sub: '1', name: 'Fran Desk', email: null, isAdmin: false, practices: [{ id: 1, roles }] };
}

/** The API's answers: the list (filtered by carrier, paged), carriers, one reimbursement, claims. */
export function fakeReimbursementServer(
  rows: InsurancePaymentSummary[],
  options: { company?: CurrentCompany; one?: InsurancePayment; claims?: Claim[] } = {},
): Record<string, FakeHandler> {
  return {
    '/api/company/current': () => ok(options.company ?? BRIGHT_SMILES),
    '/api/insurance/list': (call) => {
      const body = call.body as { carrierName?: string; page: number; pageSize: number };
      const matching = rows.filter((r) => !body.carrierName || r.carrierName === body.carrierName);
      const start = (body.page - 1) * body.pageSize;
      return ok({ payments: matching.slice(start, start + body.pageSize), totalCount: matching.length });
    },
    '/api/insurance/carriers': () => ok({ carriers: [...new Set(rows.map((r) => r.carrierName))].sort() }),
    '/api/insurance/getInsurancePayment': (call) =>
      ok(options.one ?? payment({ id: Number((call.query as { id: number }).id) })),
    '/api/insurance/claims': () => ok({ claims: options.claims ?? CLAIMS }),
  };
}
