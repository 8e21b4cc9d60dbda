/**
 * Connects the realtime hub to the page's events: its state becomes `realtime-state`, a processed
 * transaction becomes `transaction-processed`, a payment request's first viewing becomes
 * `payment-request-viewed`, a card stored through a card request's link becomes
 * `card-request-completed`, a membership changed by its patient or the billing run becomes
 * `membership-updated`, a patient's payment of their reimbursement share becomes
 * `insurance-payment-updated`. It follows the session: stopped on sign-out (the hub
 * would refuse us anyway), started again on sign-in.
 */
import type { Auth } from './auth/types.js';
import type { ChairsideEventMap, EventBus } from './events.js';
import type { Realtime, RealtimeOptions } from './realtime/index.js';

export type CreateRealtime = (options: RealtimeOptions) => Realtime;

export interface RealtimeBridgeOptions {
  hubUrl: string;
  auth: Pick<Auth, 'getToken' | 'onChange'>;
  events: Pick<EventBus<ChairsideEventMap>, 'emit'>;
}

export function connectRealtime(
  createRealtime: CreateRealtime,
  { hubUrl, auth, events }: RealtimeBridgeOptions,
): Realtime {
  const realtime = createRealtime({
    hubUrl,
    // Asked on every (re)connection, so a renewed token is used after a drop.
    accessTokenFactory: async () => (await auth.getToken()) ?? '',
  });
  realtime.onState((state) => events.emit('realtime-state', { state }));
  realtime.on('TransactionProcessed', (transaction) => events.emit('transaction-processed', transaction));
  realtime.on('PaymentRequestViewed', (viewed) => events.emit('payment-request-viewed', viewed));
  realtime.on('CardRequestCompleted', (completed) => events.emit('card-request-completed', completed));
  realtime.on('MembershipChanged', (changed) => events.emit('membership-updated', changed));
  realtime.on('InsurancePaymentChanged', (changed) => events.emit('insurance-payment-updated', changed));
  auth.onChange((signedIn) => {
    if (signedIn) realtime.start();
    else void realtime.stop();
  });
  realtime.start();
  return realtime;
}
