/** InsurancePaymentChanged to the practice's connections: an open details modal and the list refresh. */
import type { InsurancePaymentChanged } from '../../embed-sdk/contract/realtime.js';
import type { AppContext } from '../context.js';
import type { InsurancePaymentRecord } from './store.js';

export function publishInsurancePaymentChanged(
  ctx: AppContext,
  payment: InsurancePaymentRecord,
  customerId: number,
) {
  const event: InsurancePaymentChanged = {
    insurancePaymentId: payment.id,
    customerId,
    paid: payment.paid,
    changed: ctx.clock.now().toISOString(),
  };
  ctx.realtime.publish(payment.companyId, 'InsurancePaymentChanged', [event]);
}
