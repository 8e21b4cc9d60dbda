/**
 * Memberships for staff (the modal's twelve calls of section 7, New Membership, the Memberships page
 * and a patient's memberships), the catalogue (Membership Administration), and the patient's public
 * enrolment page. Reading needs VIEWMEMBERSHIPS (or EDITMEMBERSHIPS), changing EDITMEMBERSHIPS, the
 * catalogue's changes MANAGEMEMBERSHIPS. Every id is looked up in the caller's practice: another
 * practice's answers 404. The flows and their rules live in server/memberships.
 */
import * as contract from '../../../embed-sdk/contract/membership.js';
import {
  createMembershipPlan,
  editMembershipPlan,
  reorderMembershipPlans,
  setMembershipPlanActive,
} from '../../memberships/catalogue.js';
import {
  attachMembershipCard,
  cancelMembership,
  remindEnrollment,
  sendNewEnrollmentLink,
  saveMembershipChanges,
  sendMembershipDeclineReminder,
  setMembershipActive,
  setRenewalMode,
  setYearlyNextCycleRenewal,
} from '../../memberships/changes.js';
import { chargePayment, chargeRestart } from '../../memberships/charges.js';
import { familyMemberCustomer, membershipFamily } from '../../memberships/family.js';
import {
  charged,
  completeEnrollment,
  enroll,
  enrollmentPage,
  enrollmentQuote,
} from '../../memberships/enroll.js';
import {
  catalogue,
  customerMemberships,
  membershipList,
  membershipSummary,
  membershipView,
} from '../../memberships/view.js';
import { answerPrivately } from '../privateAnswer.js';
import { defineRoute, practiceOf } from '../route.js';

const reading = { access: { anyRole: contract.MEMBERSHIP_VIEW_ROLES } };
const editing = { access: { anyRole: contract.MEMBERSHIP_EDIT_ROLES } };
const managing = { access: { anyRole: contract.MEMBERSHIP_MANAGE_ROLES } };
const catalogueReading = { access: { anyRole: contract.CATALOGUE_READ_ROLES } };
const open = { access: 'public' as const };

export const membershipRoutes = [
  // ── The catalogue ──
  defineRoute(contract.listPlans, catalogueReading, async ({ ctx, caller, query }) =>
    catalogue(ctx, practiceOf(caller), query.includeRetired),
  ),
  defineRoute(contract.createPlan, managing, async ({ ctx, caller, body }) =>
    createMembershipPlan(ctx, practiceOf(caller), body),
  ),
  defineRoute(contract.updatePlan, managing, async ({ ctx, caller, body }) =>
    editMembershipPlan(ctx, practiceOf(caller), body.id, body),
  ),
  defineRoute(contract.setPlanActive, managing, async ({ ctx, caller, body }) =>
    setMembershipPlanActive(ctx, practiceOf(caller), body.id, body.isActive),
  ),
  defineRoute(contract.reorderPlans, managing, async ({ ctx, caller, body }) =>
    reorderMembershipPlans(ctx, practiceOf(caller), body.ids),
  ),

  // New Membership's family (enrolling is EDITMEMBERSHIPS').
  defineRoute(contract.membershipFamily, editing, async ({ ctx, caller, query }) =>
    membershipFamily(ctx, practiceOf(caller), query.customerId),
  ),
  defineRoute(contract.familyMemberCustomer, editing, async ({ ctx, caller, body }) =>
    familyMemberCustomer(ctx, practiceOf(caller), body),
  ),

  // ── Section 7 ──
  defineRoute(contract.getCustomerMembershipBilling, reading, async ({ ctx, caller, query }) =>
    membershipView(ctx, practiceOf(caller), query.id),
  ),
  defineRoute(contract.setActive, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    await setMembershipActive(ctx, practice, body.id, body.isActive);
    return membershipView(ctx, practice, body.id);
  }),
  defineRoute(contract.setRenewMode, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    const actionMessage = await setRenewalMode(ctx, practice, body);
    return { actionMessage, membership: await membershipView(ctx, practice, body.id) };
  }),
  defineRoute(contract.dontRenewNextYearlyCycle, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    await setYearlyNextCycleRenewal(ctx, practice, body.id, false);
    return membershipView(ctx, practice, body.id);
  }),
  defineRoute(contract.renewNextYearlyCycle, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    await setYearlyNextCycleRenewal(ctx, practice, body.id, true);
    return membershipView(ctx, practice, body.id);
  }),
  defineRoute(
    contract.restartExpiredYearlyMembership,
    // The charge is keyed by the Idempotency-Key (memberships/charges.ts): a request whose server
    // stopped may run again, and finds the first run's charge.
    { ...editing, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const practice = practiceOf(caller);
      const outcome = await charged(
        ctx,
        chargeRestart(ctx, practice, body.id, {
          requestKey: idempotencyKey,
          cardId: body.customerSavedCardId,
        }),
      );
      return {
        isApproved: outcome.isApproved,
        referenceId: outcome.referenceId,
        declineMessage: outcome.isApproved ? null : outcome.reason,
        transactionId: outcome.transactionId,
        membership: await membershipView(ctx, practice, body.id),
      };
    },
  ),
  // Section 6: a viewer may send it (it e-mails the patient; no record of the membership changes).
  defineRoute(contract.sendDeclineReminder, reading, async ({ ctx, caller, body }) =>
    sendMembershipDeclineReminder(ctx, practiceOf(caller), body.customerMembershipBillingId),
  ),
  defineRoute(contract.saveMembershipChanges, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    await saveMembershipChanges(ctx, practice, body);
    return membershipView(ctx, practice, body.id);
  }),
  defineRoute(contract.notifyPatient, editing, async ({ ctx, caller, body }) =>
    remindEnrollment(ctx, practiceOf(caller), body.id),
  ),
  defineRoute(contract.sendNewEnrollmentLink, editing, async ({ ctx, caller, body }) =>
    sendNewEnrollmentLink(ctx, practiceOf(caller), body.id),
  ),
  // Keyed by the Idempotency-Key as Restart Membership is: resumable.
  defineRoute(
    contract.processPayment,
    { ...editing, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => {
      const practice = practiceOf(caller);
      const outcome = await charged(
        ctx,
        chargePayment(ctx, practice, body.id, { amount: body.amount, requestKey: idempotencyKey }),
      );
      return { ...outcome, membership: await membershipView(ctx, practice, body.id) };
    },
  ),
  defineRoute(contract.cancel, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    const actionMessage = await cancelMembership(ctx, practice, body.id, body.cancelAction!);
    return { actionMessage, membership: await membershipView(ctx, practice, body.id) };
  }),
  defineRoute(contract.setCustomerSavedCard, editing, async ({ ctx, caller, body }) => {
    const practice = practiceOf(caller);
    await attachMembershipCard(ctx, practice, body.Id, body.customerSavedCardId);
    return membershipView(ctx, practice, body.Id);
  }),

  // ── New Membership, the Memberships page, the patient page ──
  // The membership is kept with the Idempotency-Key and its first charge keyed by it
  // (memberships/enroll.ts): a request whose server stopped may run again, and finds both.
  defineRoute(
    contract.enroll,
    { ...editing, resumable: true },
    async ({ ctx, caller, body, req, idempotencyKey }) => {
      const practice = practiceOf(caller);
      const { id, outcome, sentBy } = await enroll(ctx, practice, body, req.ip, idempotencyKey);
      return { membership: await membershipView(ctx, practice, id), outcome, sentBy };
    },
  ),
  defineRoute(contract.list, reading, async ({ ctx, caller, body }) =>
    membershipList(ctx, practiceOf(caller), body),
  ),
  defineRoute(contract.summary, reading, async ({ ctx, caller }) =>
    membershipSummary(ctx, practiceOf(caller)),
  ),
  defineRoute(contract.forCustomer, reading, async ({ ctx, caller, query }) =>
    customerMemberships(ctx, practiceOf(caller), query.customerId),
  ),

  // ── The patient's enrolment page ──
  defineRoute(contract.enrollmentPage, open, async ({ ctx, query, reply }) => {
    answerPrivately(reply);
    return enrollmentPage(ctx, query.token);
  }),
  defineRoute(contract.enrollmentQuote, open, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    return enrollmentQuote(ctx, body.token, body.nonce);
  }),
  // Resumable as New Membership is: the completion is kept with its Idempotency-Key.
  defineRoute(
    contract.completeEnrollment,
    { ...open, resumable: true },
    async ({ ctx, body, reply, req, idempotencyKey }) => {
      answerPrivately(reply);
      return completeEnrollment(ctx, body, req.ip, idempotencyKey);
    },
  ),
];
