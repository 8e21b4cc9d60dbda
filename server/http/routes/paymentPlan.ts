/**
 * Payment plans for staff: the list, the modal's plan, creation, payments and adjustments, declines,
 * the schedule's edits and skips, the ledger's refunds, moves and removals, the card, cancel and
 * re-activation. Reading needs VIEWPAYMENTPLANS (or EDITPAYMENTPLANS), changing EDITPAYMENTPLANS,
 * cash and check refunds PROCESSREFUND. Every id is looked up in the caller's practice: another
 * practice's answers 404. The money flows and their rules live in server/payment-plans.
 */
import * as contract from '../../../embed-sdk/contract/paymentPlan.js';
import { chargeBalance, chargeDetail } from '../../payment-plans/charges.js';
import {
  activatePlan,
  attachCard,
  cancelPlan,
  editDetail,
  moveLedgerItemToEnd,
  removeLedgerItem,
  sendDeclineReminder,
  setPastDueNotifications,
  skipDetail,
} from '../../payment-plans/changes.js';
import { createPlan, planTerms, previewRows } from '../../payment-plans/create.js';
import { refundDeskPayment } from '../../payment-plans/deskRefund.js';
import {
  charged,
  ledgerItemOrNotFound,
  planOfDetailOrNotFound,
  retryDeclines,
} from '../../payment-plans/outcomes.js';
import { outcomeOf } from '../../transactions/chargeRecord.js';
import { adjust, payAtDesk } from '../../payment-plans/payments.js';
import { planList, planView } from '../../payment-plans/view.js';
import { defineRoute, practiceOf } from '../route.js';

const reading = { access: { anyRole: contract.PLAN_VIEW_ROLES } };
const editing = { access: { anyRole: contract.PLAN_EDIT_ROLES } };
const refunding = { access: { anyRole: ['PROCESSREFUND' as const] } };

export const paymentPlanRoutes = [
  defineRoute(contract.getPaymentPlan, reading, async ({ ctx, caller, query }) =>
    planView(ctx, practiceOf(caller), query.paymentPlanId),
  ),

  defineRoute(contract.list, reading, async ({ ctx, caller, body }) =>
    planList(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.preview, editing, async ({ ctx, caller, body }) => {
    const terms = await planTerms(ctx, practiceOf(caller), body);
    return {
      rows: previewRows(terms.rows, terms),
      hasSurcharge: terms.hasSurcharge,
      surchargeRateBps: terms.surchargeRateBps,
    };
  }),

  // The plan is kept with the Idempotency-Key (payment-plans/create.ts): a request whose server
  // stopped may run again, and finds the plan and its down payment's charge.
  defineRoute(
    contract.create,
    { ...editing, resumable: true },
    async ({ ctx, caller, body, req, idempotencyKey }) => {
      const companyId = practiceOf(caller);
      const planId = await createPlan(ctx, companyId, body, req.ip, idempotencyKey);
      return planView(ctx, companyId, planId);
    },
  ),

  defineRoute(contract.switchToCard, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await attachCard(ctx, companyId, body.paymentPlanId, body.customerSavedCardId);
    return planView(ctx, companyId, body.paymentPlanId);
  }),

  defineRoute(contract.setCustomerSavedCard, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await attachCard(ctx, companyId, body.paymentPlanId, body.customerSavedCardId);
    return planView(ctx, companyId, body.paymentPlanId);
  }),

  defineRoute(contract.setPastDueNotificationStatus, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await setPastDueNotifications(ctx, companyId, body.paymentPlanId, body.isNotifyingForPastDuePayments);
    return planView(ctx, companyId, body.paymentPlanId);
  }),

  defineRoute(contract.sendDeclineReminder, editing, async ({ ctx, caller, body }) =>
    sendDeclineReminder(ctx, practiceOf(caller), body.paymentPlanId),
  ),

  defineRoute(
    contract.processBalance,
    // A card or desk payment is keyed by the Idempotency-Key (payment-plans/charges.ts, payments.ts),
    // so a request whose server stopped may run again; an adjustment has no key and would be made twice.
    { ...editing, resumable: (body) => body.paymentType !== 'ADJ' },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const companyId = practiceOf(caller);
      const requestKey = idempotencyKey;
      const note = body.note || null;
      let outcome: contract.ChargeOutcome | null = null;
      switch (body.paymentType) {
        case 'CARDONFILE':
          outcome = await charged(
            ctx,
            chargeBalance(ctx, companyId, body.paymentPlanId, {
              amount: body.amount,
              savedCardId: body.customerSavedCardId!,
              note,
              requestKey,
            }),
          );
          break;
        case 'CASH':
        case 'CHECK':
          outcome = outcomeOf(
            await payAtDesk(ctx, companyId, body.paymentPlanId, {
              type: body.paymentType,
              amount: body.amount,
              checkNum: body.checkNum || null,
              note,
              requestKey,
            }),
          );
          break;
        case 'ADJ':
          await adjust(ctx, companyId, body.paymentPlanId, {
            type: body.type,
            amount: body.amount,
            description: body.description!,
          });
          break;
      }
      return { outcome, plan: await planView(ctx, companyId, body.paymentPlanId) };
    },
  ),

  // Each charge is keyed by the Idempotency-Key (payment-plans/outcomes.ts): resumable.
  defineRoute(
    contract.processDeclines,
    { ...editing, resumable: true },
    async ({ ctx, caller, query, idempotencyKey }) => {
      const companyId = practiceOf(caller);
      const { results, planId } = await retryDeclines(ctx, companyId, query.paymentPlanId, idempotencyKey);
      return { results, plan: await planView(ctx, companyId, planId) };
    },
  ),

  defineRoute(
    contract.processPaymentNow,
    // The charge is keyed by the Idempotency-Key (chargeDetail's requestKey): a run after its server
    // stopped answers the payment the first run recorded, or charges it once.
    { ...editing, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const companyId = practiceOf(caller);
      const planId = await planOfDetailOrNotFound(ctx, companyId, body.paymentPlanDetailId);
      const outcome = await charged(
        ctx,
        chargeDetail(ctx, companyId, planId, body.paymentPlanDetailId, 'NOW', idempotencyKey),
      );
      return { outcome, plan: await planView(ctx, companyId, planId) };
    },
  ),

  defineRoute(contract.setActive, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    if (body.active) await activatePlan(ctx, companyId, body.paymentPlanId);
    else await cancelPlan(ctx, companyId, body.paymentPlanId);
    return planView(ctx, companyId, body.paymentPlanId);
  }),

  defineRoute(contract.cancel, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await cancelPlan(ctx, companyId, body.paymentPlanId);
    return planView(ctx, companyId, body.paymentPlanId);
  }),

  defineRoute(contract.updateDetail, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    await editDetail(ctx, companyId, body.paymentPlanId, body);
    return planView(ctx, companyId, body.paymentPlanId);
  }),

  defineRoute(contract.moveDetail, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const planId = await planOfDetailOrNotFound(ctx, companyId, body.id);
    await skipDetail(ctx, companyId, planId, body.id, body.action);
    return planView(ctx, companyId, planId);
  }),

  // Resumable as Refund and Void are: the refund is found again by the request's key.
  defineRoute(
    contract.refundCashCheck,
    { ...refunding, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const companyId = practiceOf(caller);
      await refundDeskPayment(ctx, companyId, { ...body, requestKey: idempotencyKey, userId: caller.userId });
      return planView(ctx, companyId, body.paymentPlanId);
    },
  ),

  defineRoute(contract.moveLedgerScheduleToEnd, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const item = await ledgerItemOrNotFound(ctx, companyId, body.paymentLedgerId);
    await moveLedgerItemToEnd(ctx, companyId, item);
    return planView(ctx, companyId, item.paymentPlanId!);
  }),

  defineRoute(contract.removeLedgerItem, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const item = await ledgerItemOrNotFound(ctx, companyId, body.paymentLedgerId);
    await removeLedgerItem(ctx, companyId, item);
    return planView(ctx, companyId, item.paymentPlanId!);
  }),
];
