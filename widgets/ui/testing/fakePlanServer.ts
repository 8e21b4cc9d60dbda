/**
 * The payment plan's calls, answered from memory as the sandbox would, for the plan's modal, its
 * tabs and the portal's tests:
 * - the modal's calls in broad strokes: a payment lowers the balance, an adjustment moves it, a card
 *   attached automates the plan, a retry of the declined payments pays the past due with an
 *   approving card and records one more decline otherwise;
 * - the schedule's and ledger's changes answer with the plan as the test set it (`state.plan`), or
 *   with the refusal the test put in `state.refuse`; Process Payment answers `state.outcome`, a
 *   card payment's settlement is `state.settled`, and refundVoid answers `state.refundVoid`;
 * - a ledger payment's transaction, as the Refund / Void form reads it by its id.
 */
import type { CurrentCompany } from '../../../embed-sdk/contract/company.js';
import {
  PLAN_MESSAGES,
  type ChargeOutcome,
  type PaymentPlan,
} from '../../../embed-sdk/contract/paymentPlan.js';
import type { SavedCard } from '../../../embed-sdk/contract/savedCard.js';
import { surchargeFor } from '../../../embed-sdk/rules/surcharge.js';
import { ok, refused, type FakeCall, type FakeHandler } from './fakeSdk.js';
import { card, ledgerRow } from './planFixtures.js';
import { payment } from './requestFixtures.js';

/** A card that the fake provider declines. */
export const DECLINING_CARD_ID = 99;

export interface PlanServerState {
  plan: PaymentPlan;
  cards: SavedCard[];
  /** Answers the surcharge lookups wait for, when a test holds them. */
  holdSurcharge: Promise<void> | null;
  /** A refusal (isSuccess false) for the next schedule or ledger change, in the server's words. */
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

interface Body {
  paymentPlanId: number;
  paymentType: 'CARDONFILE' | 'CASH' | 'CHECK' | 'ADJ';
  amount: number;
  customerSavedCardId?: number;
  type?: 'CREDIT' | 'DEBIT';
  description?: string;
}

export function fakePlanServer(initial: PaymentPlan, cards: SavedCard[] = []) {
  const state: PlanServerState = {
    plan: initial,
    cards,
    holdSurcharge: null,
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
  const surchargeOf = (cardId: number, amount: number) => {
    const found = state.cards.find((c) => c.id === cardId);
    return found?.funding === 'CREDIT' ? Math.round(amount * 0.03) : 0;
  };
  const attach = (call: FakeCall) => {
    const id = call.body!.customerSavedCardId as number;
    const chosen = state.cards.find((c) => c.id === id)!;
    state.plan = {
      ...state.plan,
      isCash: false,
      customerSavedCardId: id,
      card: { ...chosen, isActive: true },
    };
    return ok(state.plan);
  };
  /** A ledger payment's transaction, as the server has it (a plan payment). */
  const transactionOf = (call: FakeCall) => {
    const id = Number(call.query?.id);
    const row = state.plan.ledgerDtos.find((r) => r.transactionId === id);
    if (!row) return refused('The transaction was not found.');
    return ok(
      payment({
        id,
        status: 'APPROVED',
        source: 'PAYMENTPLAN',
        notificationId: null,
        referenceId: row.referenceId ?? `ref-${id}`,
        transactionResultId: row.transactionResultId ?? `res-${id}`,
        amount: row.amount,
        orderAmount: row.orderAmount,
        surchargeAmount: row.surcharge,
        hasSurcharging: row.surcharge > 0,
        fundingSource: row.fundingSource ?? 'CASH',
        cardType: row.cardType,
        cardDescription: row.cardDescription,
        created: row.dateTime,
        paymentPlanId: state.plan.id,
        paymentPlanStatus: state.plan.status === 'ACTIVE' ? null : state.plan.status,
        isSettled: row.isSettled,
        cantRefund: row.cantRefund,
      }),
    );
  };
  const handlers: Record<string, FakeHandler> = {
    '/api/transaction/transaction': transactionOf,
    '/api/company/current': () =>
      ok({ id: 1, businessId: 'biz_test', appId: 'app_test' } as unknown as CurrentCompany),
    '/api/paymentPlan/': () => ok(state.plan),
    '/api/customerSavedCard/customerSavedCards': () => ok(state.cards),
    '/api/paymentplan/set-past-due-notification-status': (call) => {
      state.plan = {
        ...state.plan,
        isNotifyingForPastDuePayments: call.body!.isNotifyingForPastDuePayments as boolean,
      };
      return ok(state.plan);
    },
    '/api/paymentPlan/sendDeclineReminder': () => ok({ sentBy: ['TEXT', 'EMAIL'] }),
    '/api/paymentPlan/cancel': () => {
      state.plan = {
        ...state.plan,
        status: 'INACTIVE',
        statusLabel: 'Canceled',
        cancelledDate: '2026-11-05T15:00:00.000Z',
      };
      return ok(state.plan);
    },
    '/api/PaymentPlan/setActive': () => {
      state.plan = { ...state.plan, status: 'ACTIVE', statusLabel: 'Active', cancelledDate: null };
      return ok(state.plan);
    },
    '/api/paymentplan/switch-to-card': attach,
    '/api/paymentPlan/setCustomerSavedCard': attach,
    '/api/surcharge': async (call) => {
      if (state.holdSurcharge) await state.holdSurcharge;
      const { customerSavedCardId, amount } = call.body as { customerSavedCardId: number; amount: number };
      const surchargeAmount = surchargeOf(customerSavedCardId, amount);
      return ok({ surchargeAmount, total: amount + surchargeAmount });
    },
    '/api/customerSavedCard/tokenize': (call) => {
      const stored = card({ id: 100 + state.cards.length, description: '•••• 4444', cardType: 'MASTERCARD' });
      state.cards = [
        ...state.cards.map((c) => (call.body!.isDefault ? { ...c, isDefault: false } : c)),
        { ...stored, isDefault: call.body!.isDefault as boolean },
      ];
      return ok(stored);
    },
    '/api/paymentPlan/processDeclines': () => {
      const plan = state.plan;
      const declined = plan.paymentPlanDetails.filter((d) => d.disposition === 'DECLINED' && d.amountDue > 0);
      const lineOf = (amount: number) => surchargeFor(amount, plan.surchargeRateBps);
      const nextId = Math.max(0, ...plan.ledgerDtos.map((row) => row.id)) + 1;
      const first = declined[0];
      if (first && plan.customerSavedCardId === DECLINING_CARD_ID) {
        // As the server does: the attempt is recorded, the answer is its general message.
        state.plan = {
          ...plan,
          ledgerDtos: [
            ...plan.ledgerDtos,
            ledgerRow({
              id: nextId,
              dateTime: '2026-12-02T15:00:00.000Z',
              description: `Cycle ${first.cycle} of ${plan.cycleCount}`,
              fundingSource: 'CARD',
              cardType: 'VISA',
              cardDescription: '•••• 0002',
              amount: first.amountDue + lineOf(first.amountDue),
              orderAmount: first.amountDue,
              surcharge: lineOf(first.amountDue),
              status: 'DECLINED',
              reason: 'Insufficient funds',
              paymentPlanDetailId: first.id,
            }),
          ],
        };
        return refused(PLAN_MESSAGES.declinesFailed);
      }
      const paid = declined.reduce((total, d) => total + d.amountDue, 0);
      state.plan = {
        ...plan,
        paidToDate: plan.paidToDate + paid,
        balanceDue: plan.balanceDue - paid,
        balancePastDue: 0,
        paymentPlanDetails: plan.paymentPlanDetails.map((d) =>
          d.disposition === 'DECLINED' ? { ...d, disposition: 'APPROVED' } : d,
        ),
        ledgerDtos: [
          ...plan.ledgerDtos,
          ...declined.map((d, index) =>
            ledgerRow({
              id: nextId + index,
              description: `Cycle ${d.cycle} of ${plan.cycleCount}`,
              fundingSource: 'CARD',
              amount: d.amountDue + lineOf(d.amountDue),
              orderAmount: d.amountDue,
              surcharge: lineOf(d.amountDue),
              paymentPlanDetailId: d.id,
            }),
          ),
        ],
      };
      const results = declined.map((d) => ({
        isApproved: true,
        reason: null,
        referenceId: `ref-retry-${d.id}`,
        transactionId: 'ref',
        orderAmount: d.amountDue,
        surchargeAmount: lineOf(d.amountDue),
        total: d.amountDue + lineOf(d.amountDue),
        paymentPlanDetailId: d.id,
      }));
      return ok({ results, plan: state.plan });
    },
    '/api/PaymentPlan/processBalance': (call) => {
      const body = call.body as unknown as Body;
      const plan = state.plan;
      if (body.paymentType === 'ADJ') {
        const signed = body.type === 'DEBIT' ? -body.amount : body.amount;
        state.plan = {
          ...plan,
          adjustments: plan.adjustments + signed,
          balanceDue: plan.balanceDue - signed,
        };
        return ok({ outcome: null, plan: state.plan });
      }
      if (body.amount > plan.balanceDue) {
        return refused(
          `The payment cannot be more than the balance of $${(plan.balanceDue / 100).toFixed(2)}.`,
        );
      }
      const surchargeAmount =
        body.paymentType === 'CARDONFILE' ? surchargeOf(body.customerSavedCardId!, body.amount) : 0;
      const approved = body.customerSavedCardId !== DECLINING_CARD_ID;
      const outcome: ChargeOutcome = {
        isApproved: approved,
        reason: approved ? null : 'Insufficient funds',
        referenceId: 'ref-new',
        transactionId: 'ref',
        orderAmount: body.amount,
        surchargeAmount,
        total: body.amount + surchargeAmount,
      };
      if (approved) {
        state.plan = {
          ...plan,
          paidToDate: plan.paidToDate + body.amount,
          paidToDateSurcharge: plan.paidToDateSurcharge + surchargeAmount,
          balanceDue: plan.balanceDue - body.amount,
          balancePastDue: Math.max(0, plan.balancePastDue - body.amount),
        };
      }
      return ok({ outcome, plan: state.plan });
    },
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
