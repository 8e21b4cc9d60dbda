/**
 * A membership payment refunded or voided (transactions/refundVoid.ts calls this hook): a membership
 * that is not active is re-activated when the person left the form's box on (part 2, "Refund / Void
 * form": "A membership that is not active also offers reactivation (default yes)"), as Reactivate
 * does (domain/memberships/terms.ts `reactivated`), unless it must restart with a new year's charge
 * (`reactivationOfRecord`). Running twice changes nothing the second time.
 */
import { practiceOfRecord } from '../db/scope.js';
import { reactivated, reactivationOfRecord } from '../domain/memberships/terms.js';
import type { SourceHook } from '../transactions/sourceHooks.js';
import { findMembership, updateMembership } from './store.js';

export const membershipRefundHook: SourceHook = {
  async afterRefundOrVoid(_ctx, { tx, payment: t, setActive, today }) {
    if (t.customerMembershipBillingId === null) return { paymentPlanStatus: null, membershipStatus: null };
    const practice = practiceOfRecord(t);
    const r = await findMembership(tx, practice, t.customerMembershipBillingId, { lock: true });
    if (!r) return { paymentPlanStatus: null, membershipStatus: null };
    // A yearly one past the year it paid for restarts with a charge (Restart Membership), never free.
    if (!setActive || reactivationOfRecord(r, today)?.kind !== 'REACTIVATE') {
      return { paymentPlanStatus: null, membershipStatus: r.status as 'ACTIVE' };
    }
    const updated = await updateMembership(tx, practice, r.id, reactivated(r, today));
    return { paymentPlanStatus: null, membershipStatus: updated!.status as 'ACTIVE' };
  },

  async stateOf(db, practice, t) {
    const r =
      t.customerMembershipBillingId === null
        ? null
        : await findMembership(db, practice, t.customerMembershipBillingId);
    return { paymentPlanStatus: null, membershipStatus: (r?.status as 'ACTIVE' | undefined) ?? null };
  },
};
