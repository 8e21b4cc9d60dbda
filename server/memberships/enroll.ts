/**
 * New Membership: staff enrol a patient and their family on plans of the catalogue, monthly or
 * yearly, from a start date. The patient approves now (a signature or a checkbox, recorded with the
 * method, the IP address and the time; the first cycle is charged at once when it starts today) or
 * by link: the membership is AWAITINGPATIENT until the patient opens the public enrolment page, sees
 * the plans and prices, adds a card and signs. A past start date then moves to the completion date.
 */
import type * as contract from '../../embed-sdk/contract/membership.js';
import type { CardQuote } from '../../embed-sdk/contract/paymentPage.js';
import type { NotifyInput } from '../../embed-sdk/contract/channels.js';
import { deskAgreement } from '../../embed-sdk/rules/memberships.js';
import { creditCardRateBps } from '../../embed-sdk/rules/surcharge.js';
import { ENROLL_RULES } from '../../embed-sdk/validation/membershipLimits.js';
import { EXPIRED_LINK_REFUSALS } from '../../embed-sdk/contract/patientLinks.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext } from '../context.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { enrollmentLinkExpired, enrollmentLinkSent } from '../domain/memberships/enrollmentLink.js';
import { expiredLinkPage, linkExpiry } from '../domain/outbox/linkExpiry.js';
import { membershipEnrollmentMessages } from '../domain/outbox/patientMessages.js';
import { BadRequestError, BusinessError, NotFoundError } from '../errors.js';
import { membershipEnrollmentLink, newLinkToken } from '../outbox/links.js';
import { recipientsOf, senderOf } from '../outbox/recipients.js';
import { practiceTemplatesOf } from '../settings/messageTemplates.js';
import { replacedLinkByToken, sendToOutbox } from '../outbox/store.js';
import { findCustomer, guarantorsOfCustomers } from '../patients/store.js';
import { outcomeOf } from '../transactions/chargeRecord.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { findPractice, type PracticeRecord } from '../practices/store.js';
import { cardEntry, redeemCardEntry } from '../saved-cards/cardEntries.js';
import { findCard, storeCard } from '../saved-cards/store.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import { chargeCycle, type RecordedCharge } from './charges.js';
import { publishMembershipChanged } from './events.js';
import {
  findMembership,
  insertMembership,
  linesOf,
  membershipByEnrollKey,
  membershipByEnrollmentToken,
  membershipPlansByIds,
  updateMembership,
  type MembershipRecord,
} from './store.js';
import { cycleSurcharge } from './view.js';

export const ENROLL_REFUSALS = {
  retired: (label: string) => `The plan ${label} is retired and takes no new members.`,
  notSold: (label: string, cycle: string) =>
    `The plan ${label} has no ${cycle === 'MONTHLY' ? 'monthly' : 'yearly'} price.`,
  linkUsed: 'This enrollment has already been completed.',
  linkCanceled: 'This enrollment was canceled by the practice.',
} as const;

/** The agreement of an enrolment by link: the enrolment page shows it with the card's quote, and the patient signs it. */
export function standardTemplate(practiceName: string, cycle: string) {
  return `I authorize ${practiceName} to charge my card on file ${cycle === 'MONTHLY' ? 'every month' : 'every year'} for this membership, surcharge included where it applies, until I cancel it.`;
}

/** A card charge's outcome; a provider that refused or failed is answered in the front desk's words. */
export async function charged(ctx: AppContext, charge: Promise<RecordedCharge>) {
  try {
    return outcomeOf((await charge).transaction);
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
}

type EnrollInput = {
  customerId: number;
  enrollees: contract.Enrollee[];
  cycle: contract.MembershipCycle;
  startDate: string;
  approveBy: contract.ApproveBy;
  customerSavedCardId?: number;
  approvalMethod?: contract.MembershipApprovalMethod;
  signature?: string;
  template?: string;
} & Partial<NotifyInput>;

/**
 * The first cycle's payment when an enrolment's request runs again (its server stopped under it):
 * the payment recorded under the cycle's key, or its claim replayed (chargeCycle), or the charge the
 * first run did not get to while it is still due today. None when the start date is still ahead.
 */
async function firstChargeAgain(ctx: AppContext, practice: PracticeId, r: MembershipRecord) {
  if (r.status !== 'ACTIVE' || r.startDate > ctx.clock.today()) return null;
  return charged(ctx, chargeCycle(ctx, practice, r.id, r.startDate, 'ENROLL'));
}

/**
 * New Membership. The membership keeps the request's Idempotency-Key (`requestKey`): the request run
 * again after its server stopped finds the membership it made (and its first charge) instead of
 * making a second one.
 */
export async function enroll(
  ctx: AppContext,
  practice: PracticeId,
  input: EnrollInput,
  ipAddress: string,
  requestKey: string,
) {
  const today = ctx.clock.today();
  const now = ctx.clock.now();
  const holder = await findCustomer(ctx.db, practice, input.customerId);
  if (!holder) throw new NotFoundError('The patient');
  const made = await membershipByEnrollKey(ctx.db, practice, requestKey);
  if (made) {
    const outcome = input.approveBy === 'NOW' ? await firstChargeAgain(ctx, practice, made) : null;
    // The page was sent with the membership, in its transaction: to the channels the request named.
    const sentBy = input.approveBy === 'NOW' ? [] : channelsOf(recipientsOf(linkRecipients(input)));
    return { id: made.id, outcome, sentBy };
  }
  if (input.startDate < today) throw new BadRequestError('body.startDate', 'must be today or later.');
  // One family: every enrollee is the holder or shares the holder's guarantor (the contract's Enrollee).
  const families = await guarantorsOfCustomers(ctx.db, practice, [
    holder.id,
    ...input.enrollees.map((e) => e.customerId),
  ]);
  const family = families.get(holder.id) ?? null;
  for (const [i, e] of input.enrollees.entries()) {
    if (!families.has(e.customerId)) throw new NotFoundError('The enrollee');
    if (e.customerId !== holder.id && (family === null || families.get(e.customerId) !== family)) {
      throw new BadRequestError(`body.enrollees.${i}.customerId`, ENROLL_RULES.notOfFamily);
    }
  }
  const plans = await membershipPlansByIds(
    ctx.db,
    practice,
    input.enrollees.map((e) => e.membershipPlanId),
  );
  const lines = input.enrollees.map((e) => {
    const plan = plans.get(e.membershipPlanId);
    if (!plan) throw new NotFoundError('The membership plan');
    if (!plan.isActive) throw new BusinessError(ENROLL_REFUSALS.retired(plan.label));
    const price = input.cycle === 'MONTHLY' ? plan.monthlyAmount : plan.yearlyAmount;
    if (price === null) throw new BusinessError(ENROLL_REFUSALS.notSold(plan.label, input.cycle));
    return { membershipPlanId: plan.id, customerId: e.customerId, qty: e.qty, amount: price };
  });
  const amount = lines.reduce((sum, l) => sum + l.qty * l.amount, 0);
  const company = await practiceOrNotFound(ctx, practice);

  if (input.approveBy === 'NOW') {
    const card = await findCard(ctx.db, practice, input.customerSavedCardId!);
    if (!card?.isActive || card.customerId !== holder.id) throw new NotFoundError('The card');
    // What the patient agreed to is what the card is charged each cycle, surcharge included.
    const template = agreedText(
      input.template,
      deskAgreement({
        firstName: holder.firstName,
        cycle: input.cycle,
        amount,
        surchargeAmount: cycleSurcharge(amount, company, card.funding).surchargeAmount,
      }),
    );
    const r = await ctx.db.transaction((tx) =>
      insertMembership(
        tx,
        practice,
        {
          customerId: holder.id,
          status: 'ACTIVE',
          cycle: input.cycle,
          amount,
          startDate: input.startDate,
          nextBillingDate: input.startDate,
          renewalMode: 'YEARLY',
          customerSavedCardId: card.id,
          approvedMethod: input.approvalMethod!,
          ipAddress,
          signature: input.approvalMethod === 'SIGNATURE' ? input.signature! : null,
          template,
          approvedDate: now,
          createdAt: now,
          enrollKey: requestKey,
        },
        lines,
      ),
    );
    // The first cycle is due today: charged now (a failure leaves it to the billing run, same key).
    const outcome =
      input.startDate === today
        ? await charged(ctx, chargeCycle(ctx, practice, r.id, today, 'ENROLL'))
        : null;
    return { id: r.id, outcome, sentBy: [] };
  }

  const template = agreedText(input.template, standardTemplate(company.name, input.cycle));
  const to = recipientsOf(linkRecipients(input));
  const token = newLinkToken();
  const messages = membershipEnrollmentMessages(
    { ...to, firstName: holder.firstName },
    senderOf(company),
    { link: membershipEnrollmentLink(ctx.publicUrl, token), reminder: false },
    await practiceTemplatesOf(ctx.db, practice),
  );
  const r = await ctx.db.transaction(async (tx) => {
    const inserted = await insertMembership(
      tx,
      practice,
      {
        customerId: holder.id,
        status: 'AWAITINGPATIENT',
        cycle: input.cycle,
        amount,
        startDate: input.startDate,
        nextBillingDate: null,
        renewalMode: 'STARTDATE',
        template,
        enrollmentToken: token,
        enrollmentPhone: to.toPhone,
        enrollmentEmail: to.eMail,
        enrollmentSentAt: now,
        enrollmentLinkSent: now,
        createdAt: now,
        enrollKey: requestKey,
      },
      lines,
    );
    await sendToOutbox(tx, practice, messages, now);
    return inserted;
  });
  return { id: r.id, outcome: null, sentBy: channelsOf(to) };
}

export const AGREEMENT_CHANGED = (agreement: string) =>
  `The agreement shown is not what this membership charges. The patient must agree to: ${agreement}`;

/**
 * The agreement kept as the membership's authorization: the server's own rendering of these terms.
 * The text the form showed (`shown`) is kept only when it is that text; another (a price or a
 * surcharge changed since the form rendered it) is refused, naming the text to agree to.
 */
function agreedText(shown: string | undefined, rendered: string) {
  if (shown !== undefined && shown !== rendered) {
    throw new BadRequestError('body.template', AGREEMENT_CHANGED(rendered));
  }
  return rendered;
}

/** The channels the enrolment page goes by: one message to each that is not '' (patientMessages.ts). */
const channelsOf = (to: { toPhone: string; eMail: string }) => [
  ...(to.toPhone !== '' ? (['TEXT'] as const) : []),
  ...(to.eMail !== '' ? (['EMAIL'] as const) : []),
];

const linkRecipients = (input: EnrollInput) => ({
  notifyText: input.notifyText ?? false,
  cell: input.cell ?? '',
  notifyEmail: input.notifyEmail ?? false,
  email: input.email ?? '',
});

// ── The patient's enrolment page ─────────────────────────────────────────────────────────────

/**
 * The enrolment a link opens, with its practice and holder, and the practice's enrollment-link days;
 * 404 for a token nobody holds. A token that staff replaced with a newer link is refused (the page's
 * read answers EXPIRED for it instead).
 */
async function enrollmentByToken(ctx: AppContext, token: string) {
  const r = await membershipByEnrollmentToken(ctx.db, token);
  if (!r) {
    if (await replacedLinkByToken(ctx.db, token, 'ENROLLMENT')) {
      throw new BusinessError(EXPIRED_LINK_REFUSALS.enrollment);
    }
    throw new NotFoundError('The enrollment');
  }
  const practice = practiceOfRecord(r);
  const [company, customer, linkDays] = await Promise.all([
    findPractice(ctx.db, practice),
    findCustomer(ctx.db, practice, r.customerId),
    linkDaysOf(ctx.db, practice, 'ENROLLMENT'),
  ]);
  if (!company || !customer) throw new NotFoundError('The enrollment');
  return { r, practice, company, customer, linkDays };
}

function refuseIfExpired(r: MembershipRecord, linkDays: number, now: Date) {
  if (enrollmentLinkExpired(r, linkDays, now)) throw new BusinessError(EXPIRED_LINK_REFUSALS.enrollment);
}

const pageStatus = (r: MembershipRecord): contract.EnrollmentPage['status'] =>
  r.status === 'AWAITINGPATIENT'
    ? 'OPEN'
    : r.status === 'INACTIVE' && r.approvedDate === null
      ? 'CANCELED'
      : 'COMPLETED';

/**
 * What the enrolment page shows: the practice, the plans and prices, the agreement; once the link has
 * expired or was replaced, the practice only.
 */
export async function enrollmentPage(ctx: AppContext, token: string): Promise<contract.EnrollmentLinkAnswer> {
  if (!(await membershipByEnrollmentToken(ctx.db, token))) {
    const replaced = await replacedLinkByToken(ctx.db, token, 'ENROLLMENT');
    const company = replaced && (await findPractice(ctx.db, practiceOfRecord(replaced)));
    if (replaced && company) return expiredLinkPage(company, replaced.replacedAt, true);
  }
  const { r, practice, company, customer, linkDays } = await enrollmentByToken(ctx, token);
  if (enrollmentLinkExpired(r, linkDays, ctx.clock.now())) {
    return expiredLinkPage(company, linkExpiry(enrollmentLinkSent(r), linkDays), false);
  }
  const lines = await linesOf(ctx.db, practice, [r.id]);
  const plans = await membershipPlansByIds(
    ctx.db,
    practice,
    lines.map((l) => l.membershipPlanId),
  );
  const people = new Map<number, string>();
  for (const l of lines) {
    if (!people.has(l.customerId))
      people.set(l.customerId, (await findCustomer(ctx.db, practice, l.customerId))?.firstName ?? '');
  }
  const today = ctx.clock.today();
  return {
    practiceName: company.name,
    firstName: customer.firstName,
    status: pageStatus(r),
    cycle: r.cycle as contract.MembershipCycle,
    startDate: r.status === 'AWAITINGPATIENT' && r.startDate < today ? today : r.startDate,
    enrollees: lines.map((l) => {
      const plan = plans.get(l.membershipPlanId);
      return {
        firstName: people.get(l.customerId) ?? '',
        label: plan?.label ?? '',
        description: plan?.description ?? '',
        image: plan?.image ?? null,
        billingMembershipBenefits: plan?.benefits ?? [],
        discountPlan: plan?.discountPlan ?? '',
        qty: l.qty,
        amount: l.amount,
        total: l.qty * l.amount,
      };
    }),
    amount: r.amount,
    surcharge: { rateBps: creditCardRateBps(company) },
    template: r.template ?? standardTemplate(company.name, r.cycle),
    cardEntry: { businessId: company.businessId, appId: company.appId, scriptUrl: ctx.cardProviderScriptUrl },
  };
}

function refuseUnlessOpen(r: MembershipRecord) {
  const status = pageStatus(r);
  if (status === 'COMPLETED') throw new BusinessError(ENROLL_REFUSALS.linkUsed);
  if (status === 'CANCELED') throw new BusinessError(ENROLL_REFUSALS.linkCanceled);
}

/**
 * The card behind a nonce, for this enrolment: its card entry (saved-cards' cardEntries.ts). The
 * quote only shows it; the completion redeems it and stores the card on the holder's file, in the
 * transaction that completes the enrolment, so an anonymous page stores a card only with an
 * enrolment, once.
 */
function cardForNonce(
  ctx: AppContext,
  found: { r: MembershipRecord; practice: PracticeId; company: PracticeRecord },
  nonce: string,
  quote: boolean,
) {
  return cardEntry(ctx, found.practice, {
    nonce,
    use: `enrollment:${found.r.id}`,
    businessId: found.company.businessId,
    quote,
  });
}

export async function enrollmentQuote(ctx: AppContext, token: string, nonce: string): Promise<CardQuote> {
  const found = await enrollmentByToken(ctx, token);
  refuseUnlessOpen(found.r);
  refuseIfExpired(found.r, found.linkDays, ctx.clock.now());
  const card = await cardForNonce(ctx, found, nonce, true);
  const s = cycleSurcharge(found.r.amount, found.company, card.funding);
  return {
    cardType: card.cardType as CardQuote['cardType'],
    description: card.description,
    funding: card.funding as CardQuote['funding'],
    amount: found.r.amount,
    surchargeAmount: s.surchargeAmount,
    total: s.total,
    surchargeRateBps: s.rateBps,
  };
}

/**
 * The patient signs: the card pays the membership, which is ACTIVE from the start date (today at the
 * latest). The completion keeps the request's Idempotency-Key (`requestKey`): the request run again
 * after its server stopped answers the enrolment it completed and its first charge's payment.
 */
export async function completeEnrollment(
  ctx: AppContext,
  input: { token: string; nonce: string; signature: string },
  ipAddress: string,
  requestKey: string,
) {
  const found = await enrollmentByToken(ctx, input.token);
  if (found.r.completionKey === requestKey) {
    const outcome = await firstChargeAgain(ctx, found.practice, found.r);
    const current = (await findMembership(ctx.db, found.practice, found.r.id))!;
    return { status: current.status as contract.MembershipStatus, startDate: current.startDate, outcome };
  }
  refuseUnlessOpen(found.r);
  refuseIfExpired(found.r, found.linkDays, ctx.clock.now());
  const entry = await cardForNonce(ctx, found, input.nonce, false);
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const activated = await ctx.db.transaction(async (tx) => {
    const r = await findMembership(tx, found.practice, found.r.id, { lock: true });
    if (!r) throw new NotFoundError('The enrollment');
    // Of several completions at once, the first completes; the others store no card.
    refuseUnlessOpen(r);
    // A new link sent meanwhile ended this one.
    if (r.enrollmentToken !== input.token) throw new BusinessError(EXPIRED_LINK_REFUSALS.enrollment);
    refuseIfExpired(r, found.linkDays, now);
    await redeemCardEntry(tx, entry, now, requestKey);
    const card = await storeCard(tx, found.practice, {
      customerId: r.customerId,
      card: entry,
      isDefault: false,
      at: now,
    });
    const startDate = r.startDate < today ? today : r.startDate;
    return updateMembership(tx, found.practice, r.id, {
      status: 'ACTIVE',
      startDate,
      nextBillingDate: startDate,
      renewalMode: 'YEARLY',
      customerSavedCardId: card.id,
      approvedMethod: 'SIGNATURE',
      ipAddress,
      signature: input.signature,
      approvedDate: now,
      completionKey: requestKey,
    });
  });
  publishMembershipChanged(ctx, activated!);
  const outcome =
    activated!.startDate === today
      ? await charged(ctx, chargeCycle(ctx, found.practice, activated!.id, today, 'ENROLL'))
      : null;
  const current = (await findMembership(ctx.db, found.practice, found.r.id))!;
  return { status: current.status as contract.MembershipStatus, startDate: current.startDate, outcome };
}
