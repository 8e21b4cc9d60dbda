/**
 * The transactions' calls, answered from memory as the sandbox would: the list (filtered by source,
 * status, patient, transaction ID and unassociated kind, newest first, paged, with the count on
 * every row), one transaction, the settlement, refund or void, move, associate, remove, retry, the
 * possible matches, the practice system's payment and the export link; the practice and the person
 * signed in from the shared fixtures.
 */
import type { CompanyFixture } from '../../ui/testing/fakeSdk.js';
import type { Patient } from '../../../embed-sdk/contract/patient.js';
import type {
  OpenDentalPayment,
  PossibleMatch,
  Transaction,
  TransactionFilter,
} from '../../../embed-sdk/contract/transaction.js';
import { BRIGHT_SMILES } from '../../ui/testing/cardFixtures.js';
import { ok, refused, type FakeHandler } from '../../ui/testing/fakeSdk.js';
import { transactionIdOf } from '../transactionView.js';

export interface FakeTransactionServerOptions {
  company?: CompanyFixture;
  /** referenceId → settled at the provider. */
  settled?: Record<string, boolean>;
  /** The practice system's payment of a transaction, by its id. */
  openDental?: Record<number, OpenDentalPayment | null>;
  patients?: Patient[];
  matches?: PossibleMatch[];
  /** What a refund or void answers (approved by default). */
  approve?: boolean;
}

export function fakeTransactionServer(initial: Transaction[], options: FakeTransactionServerOptions = {}) {
  const state = { rows: [...initial] };
  const byId = (id: number) => state.rows.find((t) => t.id === id);
  const replace = (t: Transaction) => {
    state.rows = state.rows.map((r) => (r.id === t.id ? t : r));
    return t;
  };
  const handlers: Record<string, FakeHandler> = {
    '/api/company/current': () => ok(options.company ?? BRIGHT_SMILES),
    '/api/transaction/transactions': ({ body }) => {
      const f = body as TransactionFilter;
      const orphansOnly = f.viewPaymentPageOrphans || f.viewOtherOrphans;
      const matching = state.rows
        .filter((t) => !f.modules?.length || f.modules.includes(t.source))
        .filter(
          (t) =>
            !f.status ||
            (t.status === 'DECLINED' ? 'DECLINED' : (t.refundVoidType ?? 'APPROVED')) === f.status,
        )
        .filter((t) => f.customerId === undefined || t.customerId === f.customerId)
        .filter((t) => f.customerKey === undefined || t.customerKey === f.customerKey)
        .filter((t) => !f.notificationId || t.notificationId === f.notificationId)
        .filter(
          (t) =>
            !f.transactionId ||
            transactionIdOf(t.referenceId).toLowerCase() === f.transactionId.toLowerCase(),
        )
        .filter(
          (t) =>
            !orphansOnly ||
            (t.customerId === null &&
              ((f.viewPaymentPageOrphans && t.source === 'PAYMENTPAGE') ||
                (f.viewOtherOrphans && t.source !== 'PAYMENTPAGE'))),
        )
        .sort((a, b) =>
          f.sort === 'Amount:descending'
            ? b.amount - a.amount
            : f.sort === 'Amount:ascending'
              ? a.amount - b.amount
              : f.sort === 'Date:ascending'
                ? a.created.localeCompare(b.created)
                : b.created.localeCompare(a.created),
        );
      const size = f.pageSize ?? 10;
      const page = f.page ?? 1;
      return ok(matching.slice((page - 1) * size, page * size).map((t) => ({ ...t, rows: matching.length })));
    },
    '/api/transaction/transaction': ({ query }) => {
      const found = byId(Number(query?.id));
      return found ? ok(found) : refused('The transaction was not found.');
    },
    '/api/transaction/getTransaction': ({ query }) => {
      const referenceId = String(query?.id);
      return ok({ referenceId, isSettled: options.settled?.[referenceId] ?? true });
    },
    '/api/transaction/getOpenDentalPayment': ({ query }) =>
      ok({ payment: options.openDental?.[Number(query?.transactionId)] ?? null }),
    '/api/transaction/refundVoid': ({ body }) => {
      const b = body as { id: string; refundAmount: number; action: 'REFUND' | 'VOID' };
      const t = state.rows.find((r) => r.transactionResultId === b.id)!;
      const approved = options.approve ?? true;
      if (approved) {
        replace({
          ...t,
          refundVoidType: b.action === 'VOID' ? 'VOIDED' : 'REFUNDED',
          refundVoidAmount: (t.refundVoidAmount ?? 0) + b.refundAmount,
          refundVoidReferenceId: `RF${t.id}-x`,
          refundVoidDate: '2026-11-20T10:00:00.000Z',
        });
      }
      return ok({
        isApproved: approved,
        statusMessage: b.action === 'VOID' ? 'Transaction Voided' : 'Transaction Refunded',
        referenceId: `RF${t.id}-x`,
        refundAmount: b.refundAmount,
        orderAmount: b.refundAmount,
        surchargeAmount: 0,
        paymentPlanStatus: null,
      });
    },
    '/api/transaction/move-patient': ({ body }) => {
      const b = body as { referenceId: string; toPatientId: number };
      const t = state.rows.find((r) => r.referenceId === b.referenceId)!;
      const to = options.patients?.find((p) => p.key === b.toPatientId);
      return ok(
        replace({
          ...t,
          customerKey: b.toPatientId,
          customerId: to?.id ?? 999,
          firstName: to?.firstName ?? null,
          lastName: to?.lastName ?? null,
        }),
      );
    },
    '/api/transaction/associate': ({ body }) => {
      const b = body as { transactionId: number; customerId: number };
      return ok(replace({ ...byId(b.transactionId)!, customerId: b.customerId }));
    },
    '/api/transaction/remove': ({ body }) => {
      const id = (body as { id: number }).id;
      const removed = '2026-11-20T10:00:00.000Z';
      replace({ ...byId(id)!, removed });
      return ok({ id, removed });
    },
    '/api/transaction/retryPosting': ({ body }) => {
      const id = (body as { id: number }).id;
      replace({ ...byId(id)!, practiceManagementStatus: 0 });
      return ok({ practiceManagementStatus: 0 });
    },
    '/api/transaction/possibleMatches': () => ok({ patients: options.matches ?? [] }),
    '/api/transaction/export': () =>
      ok({ url: '/api/transaction/export.csv?token=abc', expires: '2026-11-20T10:01:00.000Z' }),
    '/api/patient/searchPatient': ({ query }) => {
      const term = String(query?.name).toLowerCase();
      const patients = (options.patients ?? []).filter((p) =>
        `${p.firstName} ${p.lastName}`.toLowerCase().includes(term),
      );
      return ok({ patients, clinicCount: 1 });
    },
  };
  return { state, handlers };
}
