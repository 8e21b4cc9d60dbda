/** MembershipChanged to the practice's connections: the modal and lists refresh without a reload. */
import type { MembershipChanged } from '../../embed-sdk/contract/realtime.js';
import type { AppContext } from '../context.js';
import type { MembershipRecord } from './store.js';

export function publishMembershipChanged(ctx: AppContext, r: MembershipRecord) {
  const event: MembershipChanged = {
    customerMembershipBillingId: r.id,
    customerId: r.customerId,
    status: r.status as MembershipChanged['status'],
    changed: ctx.clock.now().toISOString(),
  };
  ctx.realtime.publish(r.companyId, 'MembershipChanged', [event]);
}
