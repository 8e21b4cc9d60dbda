/**
 * The allocation's test data, shaped by the contract (embed-sdk/contract/allocation.ts): Maria
 * Garcia (1001) with completed procedures over two days and treatment-planned ones on three plans
 * (Saved, Active, and a status the spec does not name), her family with her husband the guarantor,
 * and the calls answered from memory as the sandbox would.
 */
import type {
  AllocationStatus,
  FamilyMember,
  Procedure,
  TreatmentPlan,
} from '../../../embed-sdk/contract/allocation.js';
import type { CompanyFixture } from '../../ui/testing/fakeSdk.js';
import type { AssociateProcedure } from '../../../embed-sdk/contract/transaction.js';
import { BRIGHT_SMILES } from '../../ui/testing/cardFixtures.js';
import { ok, refused, type FakeHandler } from '../../ui/testing/fakeSdk.js';

let next = 1;

/** A completed procedure of Maria's, $100 fee, all of it due, unless the test says otherwise. */
export function procedure(over: Partial<Procedure> = {}): Procedure {
  const id = over.procedureId ?? next++;
  return {
    procedureId: id,
    procNum: 5000 + id,
    procCode: 'D1110',
    procedureDescription: 'Prophylaxis - adult',
    tooth: '',
    provider: 'Dr. Ana Smith',
    date: '2026-10-01',
    dateTP: null,
    tpHeading: null,
    tpStatus: null,
    treatPlanNum: null,
    procStatus: 'C',
    procStatusFriendly: 'Completed',
    patientKey: 1001,
    firstName: 'Maria',
    lastName: 'Garcia',
    originalAmount: 10_000,
    customerOutOfPocketPaidToDate: 0,
    paymentPlanPending: 0,
    insurance: 0,
    insuranceEst: 0,
    waitingFromInsurance: 0,
    paidFromInsurance: 0,
    writeOff: 0,
    procAdjustment: 0,
    estDue: 10_000,
    ...over,
  };
}

export const PLANS: TreatmentPlan[] = [
  {
    treatPlanNum: 71,
    tpHeading: 'Crown work',
    dateTP: '2026-09-15',
    note: 'Upper right',
    tpStatus: 1,
    patientKey: 1001,
  },
  { treatPlanNum: 72, tpHeading: 'Whitening', dateTP: '2026-08-01', note: '', tpStatus: 0, patientKey: 1001 },
  { treatPlanNum: 73, tpHeading: 'Old plan', dateTP: '2025-01-10', note: '', tpStatus: 7, patientKey: 1001 },
];

/** Maria's procedures: two days of completed work and two treatment-planned ones. */
export const MARIA_PROCEDURES: Procedure[] = [
  procedure({
    procedureId: 1,
    procCode: 'D0120',
    procedureDescription: 'Periodic oral evaluation',
    date: '2026-10-01',
    originalAmount: 6_000,
    estDue: 6_000,
  }),
  procedure({
    procedureId: 2,
    procCode: 'D2391',
    procedureDescription: 'Resin composite, one surface',
    tooth: '14',
    date: '2026-10-01',
    originalAmount: 18_000,
    insurance: 9_000,
    paidFromInsurance: 9_000,
    customerOutOfPocketPaidToDate: 2_000,
    estDue: 7_000,
  }),
  procedure({
    procedureId: 3,
    procCode: 'D1110',
    date: '2026-06-12',
    originalAmount: 9_500,
    procAdjustment: 500,
    estDue: 9_000,
  }),
  procedure({
    procedureId: 4,
    procCode: 'D2740',
    procedureDescription: 'Crown - porcelain/ceramic',
    tooth: '3',
    date: '2026-09-15',
    dateTP: '2026-09-15',
    tpHeading: 'Crown work',
    tpStatus: 1,
    treatPlanNum: 71,
    procStatus: 'TP',
    procStatusFriendly: 'Treatment Planned',
    originalAmount: 120_000,
    paymentPlanPending: 20_000,
    estDue: 100_000,
  }),
  procedure({
    procedureId: 5,
    procCode: 'D9972',
    procedureDescription: 'External bleaching - per arch',
    date: '2026-08-01',
    dateTP: '2026-08-01',
    tpHeading: 'Whitening',
    tpStatus: 0,
    treatPlanNum: 72,
    procStatus: 'TP',
    procStatusFriendly: 'Treatment Planned',
    originalAmount: 25_000,
    estDue: 25_000,
  }),
];

/** Her husband's, seen with Family. */
export const LUIS_PROCEDURES: Procedure[] = [
  procedure({
    procedureId: 11,
    procCode: 'D0150',
    procedureDescription: 'Comprehensive oral evaluation',
    date: '2026-10-20',
    patientKey: 1000,
    firstName: 'Luis',
    lastName: 'Garcia',
    originalAmount: 8_000,
    estDue: 8_000,
  }),
];

export const FAMILY: FamilyMember[] = [
  {
    key: 1000,
    customerId: 10,
    firstName: 'Luis',
    lastName: 'Garcia',
    email: 'luis@example.com',
    isGuarantor: true,
  },
  {
    key: 1001,
    customerId: 11,
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria@example.com',
    isGuarantor: false,
  },
  { key: 1002, customerId: null, firstName: 'Sofia', lastName: 'Garcia', email: '', isGuarantor: false },
];

export interface FakeAllocationServerOptions {
  company?: CompanyFixture;
  procedures?: Procedure[];
  familyProcedures?: Procedure[];
  plans?: TreatmentPlan[];
  /** What the payment (transaction 7) may still be split across. @default $300.00 of $309.00 less surcharge */
  status?: AllocationStatus;
}

/** The allocation's calls, as the sandbox answers them; `saved` collects what was allocated. */
export function fakeAllocationServer(options: FakeAllocationServerOptions = {}) {
  const own = options.procedures ?? MARIA_PROCEDURES;
  const everyone = [...own, ...(options.familyProcedures ?? LUIS_PROCEDURES)];
  const status: AllocationStatus = options.status ?? {
    transactionId: 7,
    allocatable: 30_000,
    allocated: 0,
    unallocated: 30_000,
    patientKey: 1001,
    refusal: null,
    payment: { payNum: 900, isSplit: false, paySplits: [] },
  };
  const saved: AssociateProcedure[][] = [];
  const handlers: Record<string, FakeHandler> = {
    '/api/company/current': () => ok(options.company ?? BRIGHT_SMILES),
    '/api/patient/getProceduresDue': ({ query }) =>
      ok(
        query?.family
          ? everyone
          : Number(query?.id) === 1001
            ? own
            : everyone.filter((p) => p.patientKey === Number(query?.id)),
      ),
    '/api/patient/treatmentplans': () => ok(options.plans ?? PLANS),
    '/api/patient/family': () => ok(FAMILY),
    '/api/transaction/allocation': ({ query }) =>
      Number(query?.transactionId) === status.transactionId
        ? ok(status)
        : refused('The transaction was not found.'),
    '/api/transaction/allocate': ({ body }) => {
      const lines = (body as { procedures: AssociateProcedure[] }).procedures;
      saved.push(lines);
      const amount = lines.reduce((sum, l) => sum + l.amount, 0);
      return ok({
        ...status,
        allocated: status.allocated + amount,
        payment: {
          payNum: 900,
          isSplit: true,
          paySplits: lines.map((l, i) => ({
            splitNum: i + 1,
            descript: `Procedure ${l.procedureLogCodeNum}`,
            ogSplitAmt: l.amount,
            splitAmt: l.amount,
            procNum: l.procedureLogCodeNum,
            procCode: null,
            procDescription: null,
            tooth: null,
            patientKey: l.patientKey,
            patientName: 'Maria Garcia',
          })),
        },
      });
    },
    '/api/customer/transition': ({ body }) => ok({ ...(body as object), id: 12, customerId: 12 }),
  };
  return { handlers, saved };
}
