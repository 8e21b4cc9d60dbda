/**
 * The membership billing run: part of the sandbox's billing job (jobs/index.ts), by the same sandbox
 * clock as payment plans. For each ACTIVE membership with something due by today, in this order:
 *
 * 1. a charge whose claim outlived its lease is replayed with its key and recorded (charges.ts);
 * 2. each billing date come is the rules' `billingStep`: a cycle charged on the card on file with the
 *    practice's surcharge (at a term's end, renewing it: YEARLY, or YEARLYONCE then EXPIRING), or the
 *    term ended without a charge (EXPIRING: EXPIRED; CANCEL: INACTIVE); a decline (or no usable
 *    card) leaves a past-due balance, a bell notification and a retry on the schedule;
 * 4. a retry due is made; after the schedule's last one the retries stop and the bell says so;
 * 5. the expiring notice is raised membershipDays before a term that will not renew ends.
 *
 * Each step re-reads the membership under its row lock and claims a charge in the database before
 * the provider is called, so two servers (or two runs) charge a cycle once; a cycle's idempotency
 * key comes from the membership and the billing date, so even a charge repeated at the provider is
 * the first one.
 */
import { CardProviderError } from '../card-provider/gateway.js';
import type { AppContext } from '../context.js';
import { asPracticeId, practiceOfRecord, type PracticeId } from '../db/scope.js';
import { termsOf } from '../domain/memberships/terms.js';
import {
  billingStep,
  daysUntilTermEnd,
  isExpiringWithin,
  termEnd,
  type BillingStep,
} from '../../embed-sdk/rules/memberships.js';
import { raiseNotification } from '../notifications/store.js';
import { everyPractice, findPractice } from '../practices/store.js';
import {
  chargeCycle,
  chargeRetry,
  isNoCardRefusal,
  NO_CARD_REASON,
  recordMissedCycle,
  recordMissedRetry,
  recoverStaleCharges,
} from './charges.js';
import { publishMembershipChanged } from './events.js';
import { findMembership, membershipsDueBy, updateMembership, type MembershipRecord } from './store.js';

/** A membership's steps in one run are bounded: a clock moved years ahead bills at most this many. */
const MAX_STEPS = 60;

/** One membership's due work, step by step, until nothing is due today. */
export async function billMembership(ctx: AppContext, practice: PracticeId, id: number) {
  const today = ctx.clock.today();
  // The membership as the last step's charge wrote it (read under its lock): no read again.
  let charged: MembershipRecord | null = null;
  for (let step = 0; step < MAX_STEPS; step++) {
    const r = charged ?? (await findMembership(ctx.db, practice, id));
    charged = null;
    if (!r || r.status !== 'ACTIVE' || r.pendingCharge) return;
    const terms = termsOf(r);

    // A billing date come: the rules' step charges the cycle (renewing the term at its end) or ends it.
    const due = billingStep(terms, today);
    if (due && !due.charges) {
      const ended = await endTerm(ctx, practice, id, due);
      if (ended) publishMembershipChanged(ctx, ended);
      return;
    }
    if (due) {
      const billed = await billCycle(ctx, r, due.billingDate);
      if (billed === false) return;
      charged = billed;
      continue;
    }

    if (r.balance > 0 && r.nextRetryDate !== null && r.nextRetryDate <= today) {
      try {
        charged = (await chargeRetry(ctx, practice, id)).membership;
      } catch (error) {
        if (isNoCardRefusal(error) || (error instanceof CardProviderError && error.status < 500))
          await recordMissedRetry(ctx, r);
        else return logNotCharged(ctx, id, error);
      }
      continue;
    }

    const company = await findPractice(ctx.db, practice);
    const ends = termEnd(terms);
    if (
      company &&
      ends !== null &&
      ends !== r.expiringNoticeFor &&
      isExpiringWithin(terms, today, company.membershipDays)
    ) {
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const current = await findMembership(tx, practice, id, { lock: true });
        if (current?.expiringNoticeFor === ends) return;
        await updateMembership(tx, practice, id, { expiringNoticeFor: ends });
        await raiseNotification(tx, practice, {
          type: 'MEMBERSHIP_EXPIRING',
          customerMembershipBillingId: id,
          yearlyExpDays: daysUntilTermEnd(terms, today) ?? 0,
          dateTime: now,
        });
      });
    }
    return;
  }
}

/** A term that ends without a charge (EXPIRE or CANCEL), if the membership is still where the step found it. */
function endTerm(ctx: AppContext, practice: PracticeId, id: number, step: BillingStep) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const current = await findMembership(tx, practice, id, { lock: true });
    if (!current || current.pendingCharge || current.nextBillingDate !== step.billingDate) return null;
    return updateMembership(tx, practice, id, {
      status: step.after.status,
      nextBillingDate: null,
      nextRetryDate: null,
      ...(step.action === 'EXPIRE' ? { expiredDate: now } : { cancelledDate: now }),
    });
  });
}

function logNotCharged(ctx: AppContext, id: number, error: unknown) {
  // Another charge under way, or the provider unreachable: the next run takes it up.
  ctx.log.info({ err: error, membershipId: id }, 'membership not charged');
}

/**
 * Charges (or misses) the cycle of `date` of `r`, the membership as this step read it: the claim
 * reads the card on file (a membership without a usable one misses the cycle). Answers the
 * membership as the charge left it, null when the run should read it again, false when the run
 * should leave it for now.
 */
async function billCycle(ctx: AppContext, r: MembershipRecord, date: string) {
  const practice = practiceOfRecord(r);
  try {
    return (await chargeCycle(ctx, practice, r.id, date)).membership;
  } catch (error) {
    if (isNoCardRefusal(error)) return recordMissedCycle(ctx, r, date, NO_CARD_REASON);
    if (error instanceof CardProviderError && error.status < 500) {
      ctx.log.warn({ err: error, membershipId: r.id }, 'card provider refused a membership charge');
      return recordMissedCycle(ctx, r, date, 'The card processor refused the card on file.');
    }
    logNotCharged(ctx, r.id, error);
    return false;
  }
}

/** The membership part of the billing job. */
export async function runMembershipBilling(ctx: AppContext) {
  await recoverStaleCharges(ctx);
  const today = ctx.clock.today();
  const horizon = Math.max(0, ...(await everyPractice(ctx.db)).map((p) => p.membershipDays));
  for (const { id, companyId } of await membershipsDueBy(ctx.db, today, horizon)) {
    try {
      await billMembership(ctx, asPracticeId(companyId), id);
    } catch (error) {
      ctx.log.error({ err: error, membershipId: id }, 'billing a membership failed');
    }
  }
}

export const membershipBillingJob = { name: 'membership billing', run: runMembershipBilling };
