/**
 * The schedule's and ledger's calls, answered from memory: each change answers with the plan as the
 * test set it next (`state.next`), or with the refusal the test put in `state.refuse`.
 */
import type { CurrentCompany } from '../../../../embed-sdk/contract/company.js';
import type { ChargeOutcome, PaymentPlan } from '../../../../embed-sdk/contract/paymentPlan.js';
import { ok, refused, type FakeHandler } from '../../../ui/testing/fakeSdk.js';

export interface PlanServerState {
  plan: PaymentPlan;
  /** A refusal (isSuccess false) for the next change, in the server's words. */
  refuse: string | null;
  /** What Process Payment answers. */
  outcome: ChargeOutcome;
  /** What getTransaction says of each reference id (settled or not). */
  settled: Record<string, boolean>;
  refundVoid: { isApproved: boolean; statusMessage: string };
}

export const APPROVED: ChargeOutcome = {
  isApproved: true,
  reason: null,
  referenceId: 'TX9001-A',
  transactionId: 'TX9001',
  orderAmount: 22_500,
  surchargeAmount: 675,
  total: 23_175,
};

export function fakePlanServer(initial: PaymentPlan) {
  const state: PlanServerState = {
    plan: initial,
    refuse: null,
    outcome: APPROVED,
    settled: {},
    refundVoid: { isApproved: true, statusMessage: 'Transaction Refunded' },
  };
  const change = (answer: () => unknown) => () => {
    if (state.refuse) {
      const message = state.refuse;
      state.refuse = null;
      return refused(message);
    }
    return answer();
  };
  const handlers: Record<string, FakeHandler> = {
    '/api/company/current': () => ok({ id: 1 } as unknown as CurrentCompany),
    '/api/paymentPlan/updateDetail': change(() => ok(state.plan)),
    '/api/paymentPlan/moveDetail': change(() => ok(state.plan)),
    '/api/paymentplan/processPaymentNow': change(() => ok({ outcome: state.outcome, plan: state.plan })),
    '/api/paymentplan/refund-cash-check': change(() => ok(state.plan)),
    '/api/paymentplan/moveLedgerScheduleToEnd': change(() => ok(state.plan)),
    '/api/paymentplan/removeLedgerItem': change(() => ok(state.plan)),
    '/api/transaction/getTransaction': (call) => {
      const id = String(call.query?.id);
      return ok({ referenceId: id, isSettled: state.settled[id] ?? false });
    },
    '/api/transaction/refundVoid': change(() =>
      ok({
        ...state.refundVoid,
        referenceId: 'RF1-A',
        refundAmount: 0,
        orderAmount: 0,
        surchargeAmount: 0,
        paymentPlanStatus: 'ACTIVE',
      }),
    ),
  };
  return { state, handlers };
}
