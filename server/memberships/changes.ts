/**
 * What staff change on a membership (the 'Membership for {name}' modal): cancel (now or at the term's
 * end) and re-activate, the renewal options, the yearly cycle's renewal, the enrollees' quantities and
 * amounts, the card on file, and the reminders (the awaiting patient's enrolment link, the declined
 * payment's e-mail). Each change waits for a card charge under way, and is refused in words the front
 * desk reads (a 200 with isSuccess false) when the membership's state does not allow it.
 */
import { MEMBERSHIP_MESSAGES } from '../../embed-sdk/contract/membership.js';
import type * as contract from '../../embed-sdk/contract/membership.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { ENROLLMENT_LINK_REFUSALS, enrollmentLinkExpired } from '../domain/memberships/enrollmentLink.js';
import { reactivated, reactivationOfRecord } from '../domain/memberships/terms.js';
import { addMonths } from '../domain/calendarDates.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { isMonthlyExpiryChoice } from '../../embed-sdk/rules/memberships.js';
import {
  membershipChangesMessage,
  membershipDeclineReminderMessage,
  membershipEnrollmentMessages,
} from '../domain/outbox/patientMessages.js';
import { BadRequestError, BusinessError, NotFoundError } from '../errors.js';
import { cardRequestLink, membershipEnrollmentLink, newLinkToken } from '../outbox/links.js';
import { senderOf } from '../outbox/recipients.js';
import { practiceTemplatesOf } from '../settings/messageTemplates.js';
import { recordReplacedLink, sendToOutbox } from '../outbox/store.js';
import { findCustomer } from '../patients/store.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { createCardRequest } from '../saved-cards/store.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import { holderCard, MEMBERSHIP_REFUSALS } from './charges.js';
import { publishMembershipChanged } from './events.js';
import {
  findMembership,
  linesOf,
  membershipPlansByIds,
  updateLine,
  updateMembership,
  type MembershipRecord,
} from './store.js';

export const CHANGE_REFUSALS = {
  canceled: 'This membership is canceled.',
  expired: 'This membership has expired.',
  awaiting: 'This membership is awaiting the patient: it changes once they complete their enrollment.',
  notYearly: 'Only a yearly membership has a yearly cycle to renew.',
  started: 'The start date can only change before the membership starts.',
  notAwaiting: 'The patient has already completed this enrollment.',
  noContact: 'This patient has no e-mail address to send a reminder to.',
  noContactForLink: 'This enrollment was sent to no mobile phone or e-mail address.',
  chooseExpiry: 'Choose the date the membership expires.',
  notReactivatable: 'Only a canceled or expired membership can be re-activated.',
  restartExpiredYearly:
    'An expired yearly membership starts again with a charge for its new year: use Restart Membership.',
  restartAfterPaidYear: (paidThrough: string) =>
    `This membership was paid through ${formatDate(paidThrough)}: it starts again with a charge for a new year. Use Restart Membership.`,
  notStartedBillingDate:
    'This membership has not started: its first billing is its start date, moved in Renewal Options.',
  billingDateAfterExpiry: (expires: string) =>
    `The next billing date must be on or before the date the membership expires (${formatDate(expires)}).`,
  billingDateTooLate: (latest: string) =>
    `The next billing date can move at most a year past the current one (${formatDate(latest)}).`,
} as const;

type Change = (tx: Tx, r: MembershipRecord) => Promise<Partial<MembershipRecord> | null>;

/** Applies a change under the membership's lock; 404 for another practice's; refused while a charge is under way. */
async function change(ctx: AppContext, practice: PracticeId, id: number, apply: Change) {
  const updated = await ctx.db.transaction(async (tx) => {
    const r = await findMembership(tx, practice, id, { lock: true });
    if (!r) throw new NotFoundError('The membership');
    if (r.pendingCharge) throw new BusinessError(MEMBERSHIP_REFUSALS.chargeInProgress);
    const changes = await apply(tx, r);
    return changes === null ? r : updateMembership(tx, practice, id, changes);
  });
  publishMembershipChanged(ctx, updated!);
  return updated!;
}

function refuseUnlessActive(r: MembershipRecord) {
  if (r.status === 'INACTIVE') throw new BusinessError(CHANGE_REFUSALS.canceled);
  if (r.status === 'EXPIRED') throw new BusinessError(CHANGE_REFUSALS.expired);
  if (r.status === 'AWAITINGPATIENT') throw new BusinessError(CHANGE_REFUSALS.awaiting);
}

function cancelNow(r: MembershipRecord, now: Date): Partial<MembershipRecord> {
  if (r.status === 'INACTIVE') throw new BusinessError(CHANGE_REFUSALS.canceled);
  if (r.status === 'EXPIRED') throw new BusinessError(CHANGE_REFUSALS.expired);
  return {
    status: 'INACTIVE',
    cancelledDate: now,
    nextBillingDate: null,
    nextRetryDate: null,
    // An awaiting membership keeps its enrolment link: the patient who opens it is told it was
    // canceled (the page's CANCELED), not that it does not exist, and takes no card there.
  };
}

/** setActive: false cancels now; true re-activates a canceled or expired membership from its next anniversary. */
export async function setMembershipActive(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  isActive: boolean,
) {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  return change(ctx, practice, id, async (_tx, r) => {
    if (!isActive) return cancelNow(r, now);
    const how = reactivationOfRecord(r, today);
    if (!how) throw new BusinessError(CHANGE_REFUSALS.notReactivatable);
    // Re-activated free, a yearly one past its paid year would run a year unpaid until its next
    // anniversary: it restarts with a charge instead.
    if (how.kind === 'RESTART') {
      throw new BusinessError(
        r.status === 'EXPIRED'
          ? CHANGE_REFUSALS.restartExpiredYearly
          : CHANGE_REFUSALS.restartAfterPaidYear(how.paidThrough),
      );
    }
    return reactivated(r, today);
  });
}

/** Cancel Membership: CANCEL now, EXP at the end of the current term (a monthly one's: its next billing date). */
export async function cancelMembership(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  action: contract.CancelAction,
) {
  const now = ctx.clock.now();
  await change(ctx, practice, id, async (_tx, r) => {
    if (action === 'CANCEL' || r.status === 'AWAITINGPATIENT') return cancelNow(r, now);
    refuseUnlessActive(r);
    return {
      renewalMode: 'CANCEL',
      ...(r.cycle === 'MONTHLY' && r.monthlyExpires === null ? { monthlyExpires: r.nextBillingDate } : {}),
      expiringNoticeFor: null,
    };
  });
  return MEMBERSHIP_MESSAGES.canceled;
}

/** Renewal Options. */
export async function setRenewalMode(
  ctx: AppContext,
  practice: PracticeId,
  input: {
    id: number;
    renewalMode: contract.RenewalMode;
    notifyPatient: boolean;
    nextBillingDate?: string;
    monthlyExpires?: string | null;
  },
) {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const updated = await change(ctx, practice, input.id, async (_tx, r) => {
    if (input.renewalMode === 'CANCEL') return cancelNow(r, now);
    if (r.status === 'INACTIVE') throw new BusinessError(CHANGE_REFUSALS.canceled);
    if (r.status === 'EXPIRED') throw new BusinessError(CHANGE_REFUSALS.expired);
    if (input.renewalMode === 'STARTDATE') {
      if (r.status !== 'AWAITINGPATIENT' && r.startDate <= today)
        throw new BusinessError(CHANGE_REFUSALS.started);
      if (!input.nextBillingDate)
        throw new BadRequestError('body.nextBillingDate', 'is required to move the start date.');
      if (input.nextBillingDate < today)
        throw new BadRequestError('body.nextBillingDate', 'must be today or later.');
      return {
        startDate: input.nextBillingDate,
        nextBillingDate: r.status === 'AWAITINGPATIENT' ? null : input.nextBillingDate,
      };
    }
    if (r.status === 'AWAITINGPATIENT') throw new BusinessError(CHANGE_REFUSALS.awaiting);
    const mode = input.renewalMode;
    if (r.cycle === 'YEARLY') {
      return { renewalMode: mode, expiringNoticeFor: null };
    }
    // Monthly: the term ends on a chosen anniversary; without one it renews every month until canceled.
    let monthlyExpires = input.monthlyExpires === undefined ? r.monthlyExpires : input.monthlyExpires;
    if (monthlyExpires !== null) {
      if (
        !r.nextBillingDate ||
        !isMonthlyExpiryChoice({ startDate: r.startDate, nextBillingDate: r.nextBillingDate }, monthlyExpires)
      ) {
        throw new BadRequestError(
          'body.monthlyExpires',
          'must be one of the 120 monthly anniversaries of the next billing date.',
        );
      }
    }
    if (mode === 'EXPIRING' && monthlyExpires === null) {
      if (!r.nextBillingDate) throw new BusinessError(CHANGE_REFUSALS.chooseExpiry);
      monthlyExpires = r.nextBillingDate;
    }
    return {
      renewalMode: mode,
      monthlyExpires,
      monthExpirationSelection: monthlyExpires === null ? 1 : 12,
      expiringNoticeFor: null,
    };
  });
  if (input.notifyPatient && updated.status === 'ACTIVE') await emailChanges(ctx, practice, updated);
  return input.renewalMode === 'CANCEL'
    ? MEMBERSHIP_MESSAGES.canceled
    : MEMBERSHIP_MESSAGES.renewSelectionSaved;
}

/**
 * dontRenewNextYearlyCycle / renewNextYearlyCycle, said in the renewal mode (which alone decides what
 * the term's end does; yearlyNextCycleAutoRenew follows it): not renewing makes a renewing membership
 * EXPIRING; renewing makes an ending one renew once (YEARLYONCE), since the practice chose that
 * term's renewal, not every one after it.
 */
export async function setYearlyNextCycleRenewal(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  renew: boolean,
) {
  await change(ctx, practice, id, async (_tx, r) => {
    refuseUnlessActive(r);
    if (r.cycle !== 'YEARLY') throw new BusinessError(CHANGE_REFUSALS.notYearly);
    const ending = r.renewalMode === 'EXPIRING' || r.renewalMode === 'CANCEL';
    if (renew === !ending) return null;
    return { renewalMode: renew ? 'YEARLYONCE' : 'EXPIRING', expiringNoticeFor: null };
  });
}

/** Save Membership Changes: the enrollees' quantities and amounts, the next billing date, yearly auto-renew. */
export async function saveMembershipChanges(
  ctx: AppContext,
  practice: PracticeId,
  input: {
    id: number;
    nextBillingDate?: string | null;
    billingMemberships: { id: number; qty: number; amount: number }[];
    yearlyAutoRenew?: boolean;
    sendEmail: boolean;
  },
) {
  const today = ctx.clock.today();
  const updated = await change(ctx, practice, input.id, async (tx, r) => {
    refuseUnlessActive(r);
    const lines = await linesOf(tx, practice, [r.id]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const [i, edit] of input.billingMemberships.entries()) {
      if (!byId.has(edit.id))
        throw new BadRequestError(
          `body.billingMemberships.${i}.id`,
          'is not an enrollee of this membership.',
        );
    }
    const edits = new Map(input.billingMemberships.map((e) => [e.id, e]));
    let amount = 0;
    for (const line of lines) {
      const edit = edits.get(line.id);
      if (edit) await updateLine(tx, r.id, line.id, { qty: edit.qty, amount: edit.amount });
      amount += (edit?.qty ?? line.qty) * (edit?.amount ?? line.amount);
    }
    const changes: Partial<MembershipRecord> = { amount };
    const moved = input.nextBillingDate;
    if (moved && moved !== r.nextBillingDate) {
      if (moved < today) throw new BadRequestError('body.nextBillingDate', 'must be today or later.');
      if (r.startDate > today || !r.nextBillingDate)
        throw new BusinessError(CHANGE_REFUSALS.notStartedBillingDate);
      const latest = addMonths(r.nextBillingDate, 12);
      if (moved > latest) throw new BusinessError(CHANGE_REFUSALS.billingDateTooLate(latest));
      if (r.cycle === 'MONTHLY' && r.monthlyExpires !== null && moved > r.monthlyExpires)
        throw new BusinessError(CHANGE_REFUSALS.billingDateAfterExpiry(r.monthlyExpires));
      changes.nextBillingDate = moved;
      // A yearly membership's next billing is its term's end: the expiring notice is for the old one.
      changes.expiringNoticeFor = null;
    }
    // Only a change of auto-renew changes the mode: an unchanged false keeps a renew-once membership's YEARLYONCE.
    if (
      input.yearlyAutoRenew !== undefined &&
      r.cycle === 'YEARLY' &&
      input.yearlyAutoRenew !== (r.renewalMode === 'YEARLY')
    ) {
      changes.renewalMode = input.yearlyAutoRenew ? 'YEARLY' : 'EXPIRING';
      changes.expiringNoticeFor = null;
    }
    return changes;
  });
  if (input.sendEmail) await emailChanges(ctx, practice, updated);
}

function renewalSummary(r: MembershipRecord): string {
  const end = r.cycle === 'YEARLY' ? r.nextBillingDate : r.monthlyExpires;
  switch (r.renewalMode) {
    case 'YEARLY':
      return r.cycle === 'MONTHLY' && !end ? 'Renews every month until canceled' : 'Renews automatically';
    case 'YEARLYONCE':
      return 'Renews once, then expires';
    case 'CANCEL':
      return `Cancels at the end of the term${end ? ` (${end})` : ''}`;
    case 'EXPIRING':
      return `Expires at the end of the term${end ? ` (${end})` : ''}`;
    default:
      return 'Starts on the start date';
  }
}

/** E-mails the holder what the membership now is. */
async function emailChanges(ctx: AppContext, practice: PracticeId, r: MembershipRecord) {
  const customer = await findCustomer(ctx.db, practice, r.customerId);
  if (!customer?.email) throw new BusinessError(CHANGE_REFUSALS.noContact);
  const company = await practiceOrNotFound(ctx, practice);
  const lines = await linesOf(ctx.db, practice, [r.id]);
  const plans = await membershipPlansByIds(
    ctx.db,
    practice,
    lines.map((l) => l.membershipPlanId),
  );
  const message = membershipChangesMessage(
    { eMail: customer.email, firstName: customer.firstName },
    senderOf(company),
    {
      lines: lines.map((l) => `${plans.get(l.membershipPlanId)?.label ?? 'Plan'} × ${l.qty}`),
      amount: r.amount,
      cycle: r.cycle as 'MONTHLY' | 'YEARLY',
      nextBillingDate: r.nextBillingDate,
      renewal: renewalSummary(r),
    },
  );
  await sendToOutbox(ctx.db, practice, [message], ctx.clock.now());
}

/** Card Attached: one of the holder's active cards pays an active membership from now on. */
export async function attachMembershipCard(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  cardId: number,
) {
  await change(ctx, practice, id, async (tx, r) => {
    const card = await holderCard(tx, r, cardId);
    refuseUnlessActive(r);
    return { customerSavedCardId: card.id };
  });
}

/** The awaiting membership whose enrolment link staff send again; refused with the front desk's words. */
async function awaitingWithContact(ctx: AppContext, practice: PracticeId, id: number) {
  const r = await findMembership(ctx.db, practice, id);
  if (!r) throw new NotFoundError('The membership');
  if (r.status !== 'AWAITINGPATIENT' || !r.enrollmentToken)
    throw new BusinessError(CHANGE_REFUSALS.notAwaiting);
  if (!r.enrollmentPhone && !r.enrollmentEmail) throw new BusinessError(CHANGE_REFUSALS.noContactForLink);
  const customer = (await findCustomer(ctx.db, practice, r.customerId))!;
  const company = await practiceOrNotFound(ctx, practice);
  return { r: r as MembershipRecord & { enrollmentToken: string }, customer, company };
}

const sentByOf = (messages: { channel: string }[]) =>
  messages.map((m) => (m.channel === 'SMS' ? ('TEXT' as const) : ('EMAIL' as const)));

/**
 * Notified: the awaiting patient's enrolment link again, by the channels it was first sent by. The
 * same link: refused once it has expired (Send New Link sends one that works).
 */
export async function remindEnrollment(ctx: AppContext, practice: PracticeId, id: number) {
  const { r, customer, company } = await awaitingWithContact(ctx, practice, id);
  const now = ctx.clock.now();
  if (enrollmentLinkExpired(r, await linkDaysOf(ctx.db, practice, 'ENROLLMENT'), now)) {
    throw new BusinessError(ENROLLMENT_LINK_REFUSALS.expired);
  }
  const messages = membershipEnrollmentMessages(
    { toPhone: r.enrollmentPhone, eMail: r.enrollmentEmail, firstName: customer.firstName },
    senderOf(company),
    { link: membershipEnrollmentLink(ctx.publicUrl, r.enrollmentToken), reminder: true },
    await practiceTemplatesOf(ctx.db, practice),
  );
  await ctx.db.transaction(async (tx) => {
    await sendToOutbox(tx, practice, messages, now);
    await updateMembership(tx, practice, r.id, { enrollmentSentAt: now });
  });
  return { sentBy: sentByOf(messages) };
}

/**
 * Send New Link: the awaiting patient gets a new enrolment link by the channels the first was sent
 * by; its days start now, and the link they had stops working at once (its page says it was
 * replaced), so one enrolment has one live link.
 */
export async function sendNewEnrollmentLink(ctx: AppContext, practice: PracticeId, id: number) {
  const { customer, company } = await awaitingWithContact(ctx, practice, id);
  const now = ctx.clock.now();
  const token = newLinkToken();
  const templates = await practiceTemplatesOf(ctx.db, practice);
  let sentBy: ('TEXT' | 'EMAIL')[] = [];
  await change(ctx, practice, id, async (tx, r) => {
    if (r.status !== 'AWAITINGPATIENT' || !r.enrollmentToken)
      throw new BusinessError(CHANGE_REFUSALS.notAwaiting);
    const messages = membershipEnrollmentMessages(
      { toPhone: r.enrollmentPhone, eMail: r.enrollmentEmail, firstName: customer.firstName },
      senderOf(company),
      { link: membershipEnrollmentLink(ctx.publicUrl, token), reminder: false, newLink: true },
      templates,
    );
    await recordReplacedLink(tx, practice, { token: r.enrollmentToken, kind: 'ENROLLMENT', at: now });
    await sendToOutbox(tx, practice, messages, now);
    sentBy = sentByOf(messages);
    return { enrollmentToken: token, enrollmentLinkSent: now, enrollmentSentAt: now };
  });
  return { sentBy };
}

/** Reminder Sent: e-mails the holder about the declined payment, with a link to store a new card. */
export async function sendMembershipDeclineReminder(ctx: AppContext, practice: PracticeId, id: number) {
  const r = await findMembership(ctx.db, practice, id);
  if (!r) throw new NotFoundError('The membership');
  if (r.balance <= 0) throw new BusinessError(MEMBERSHIP_REFUSALS.noBalance);
  const customer = (await findCustomer(ctx.db, practice, r.customerId))!;
  if (!customer.email) throw new BusinessError(CHANGE_REFUSALS.noContact);
  const company = await practiceOrNotFound(ctx, practice);
  const linkToken = newLinkToken();
  const now = ctx.clock.now();
  const messages = membershipDeclineReminderMessage(
    { eMail: customer.email, firstName: customer.firstName },
    senderOf(company),
    { pastDue: r.balance, link: cardRequestLink(ctx.publicUrl, linkToken) },
  );
  await ctx.db.transaction(async (tx) => {
    await createCardRequest(tx, practice, {
      customerId: customer.id,
      linkToken,
      eMail: customer.email,
      toPhone: '',
      created: now,
    });
    await sendToOutbox(tx, practice, messages, now);
  });
  return { sentBy: ['EMAIL' as const] };
}
