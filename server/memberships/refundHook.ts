/**
 * A membership payment refunded or voided (transactions/refundVoid.ts calls this hook): a membership
 * that is not active is re-activated when the person left the form's box on (part 2, "Refund / Void
 * form": "A membership that is not active also offers reactivation (default yes)"). It bills again
 * from its next anniversary on or after today. Running twice changes nothing the second time.
 */
import { practiceOfRecord } from '../db/scope.js';
import { addDays } from '../domain/calendarDates.js';
import { nextBillingDateAfter } from '../domain/memberships/terms.js';
import type { SourceHook } from '../transactions/sourceHooks.js';
import { findMembership, updateMembership } from './store.js';

export const membershipRefundHook: SourceHook = {
  async afterRefundOrVoid(_ctx, { tx, payment: t, setActive, today }) {
    if (t.customerMembershipBillingId === null) return { paymentPlanStatus: null, membershipStatus: null };
    const practice = practiceOfRecord(t);
    const r = await findMembership(tx, practice, t.customerMembershipBillingId, { lock: true });
    if (!r) return { paymentPlanStatus: null, membershipStatus: null };
    if (!setActive || (r.status !== 'INACTIVE' && r.status !== 'EXPIRED')) {
      return { paymentPlanStatus: null, membershipStatus: r.status as 'ACTIVE' };
    }
    const cycle = r.cycle as 'MONTHLY' | 'YEARLY';
    const next = nextBillingDateAfter(r.startDate, cycle, addDays(today, -1));
    const updated = await updateMembership(tx, practice, r.id, {
      status: 'ACTIVE',
      cancelledDate: null,
      expiredDate: null,
      nextBillingDate: next,
      renewalMode: r.renewalMode === 'CANCEL' || r.renewalMode === 'EXPIRING' ? 'YEARLY' : r.renewalMode,
      yearlyAutoRenew: true,
      yearlyNextCycleAutoRenew: true,
      monthlyExpires: null,
      expiringNoticeFor: null,
    });
    return { paymentPlanStatus: null, membershipStatus: updated!.status as 'ACTIVE' };
  },
};
