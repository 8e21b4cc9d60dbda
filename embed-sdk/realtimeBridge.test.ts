import { describe, expect, it, vi } from 'vitest';
import type {
  CardRequestCompleted,
  InsurancePaymentChanged,
  MembershipChanged,
  PaymentRequestViewed,
  TransactionProcessed,
} from './contract/realtime.js';
import { createEventBus, type ChairsideEventMap } from './events.js';
import type { Realtime, RealtimeOptions, RealtimeState } from './realtime/index.js';
import { connectRealtime } from './realtimeBridge.js';

/** A hub connection that does what the test tells it to. */
function fakeRealtime() {
  const stateListeners = new Set<(state: RealtimeState) => void>();
  const handlers = new Map<string, (payload: never) => void>();
  let options!: RealtimeOptions;
  const realtime = {
    state: 'disconnected' as RealtimeState,
    start: vi.fn(),
    stop: vi.fn(async () => undefined),
    onState: (listener: (state: RealtimeState) => void) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    on: (target: string, handler: (payload: never) => void) => {
      handlers.set(target, handler);
      return () => handlers.delete(target);
    },
    send: vi.fn(),
  };
  return {
    realtime,
    create: (o: RealtimeOptions) => ((options = o), realtime as unknown as Realtime),
    get options() {
      return options;
    },
    setState: (state: RealtimeState) => stateListeners.forEach((l) => l(state)),
    invoke: (target: string, payload: unknown) => handlers.get(target)?.(payload as never),
  };
}

const transaction: TransactionProcessed = {
  transactionId: 12,
  referenceId: 'ref-12',
  refundVoidReferenceId: null,
  status: 'APPROVED',
  source: 'VIRTUALTERMINAL',
  amount: 12500,
  customerId: 4,
  notificationId: null,
  paymentPlanId: null,
  customerMembershipBillingId: null,
  practiceManagementStatus: 2,
};

function setup(token: string | null = 'token') {
  const hub = fakeRealtime();
  const events = createEventBus<ChairsideEventMap>();
  const authListeners: ((signedIn: boolean) => void)[] = [];
  const auth = {
    getToken: vi.fn(async () => token),
    onChange: (listener: (signedIn: boolean) => void) => (authListeners.push(listener), () => undefined),
  };
  connectRealtime(hub.create, { hubUrl: 'https://api.example.com/hubs/payments', auth, events });
  return { hub, events, auth, signIn: (s: boolean) => authListeners.forEach((l) => l(s)) };
}

describe('connectRealtime', () => {
  it('connects to the hub with the session token', async () => {
    const { hub } = setup();
    expect(hub.realtime.start).toHaveBeenCalledTimes(1);
    expect(hub.options.hubUrl).toBe('https://api.example.com/hubs/payments');
    expect(await hub.options.accessTokenFactory()).toBe('token');
  });

  it('gives an empty token when signed out (the hub refuses; it retries after sign-in)', async () => {
    expect(await setup(null).hub.options.accessTokenFactory()).toBe('');
  });

  it('sends the connection state as realtime-state', () => {
    const { hub, events } = setup();
    const states: string[] = [];
    events.on('realtime-state', ({ state }) => states.push(state));
    hub.setState('connected');
    hub.setState('disconnected');
    expect(states).toEqual(['connected', 'disconnected']);
  });

  it('sends TransactionProcessed as transaction-processed', () => {
    const { hub, events } = setup();
    const seen: TransactionProcessed[] = [];
    events.on('transaction-processed', (t) => seen.push(t));
    hub.invoke('TransactionProcessed', transaction);
    expect(seen).toEqual([transaction]);
  });

  it('sends PaymentRequestViewed as payment-request-viewed', () => {
    const { hub, events } = setup();
    const seen: PaymentRequestViewed[] = [];
    events.on('payment-request-viewed', (v) => seen.push(v));
    const viewed = {
      notificationId: '4f6c1d2e-1b7a-4e0b-9a53-2b8f5f0e9c11',
      paymentPage: '2026-11-21T09:15:00.000Z',
    };
    hub.invoke('PaymentRequestViewed', viewed);
    expect(seen).toEqual([viewed]);
  });

  it('sends CardRequestCompleted as card-request-completed', () => {
    const { hub, events } = setup();
    const seen: CardRequestCompleted[] = [];
    events.on('card-request-completed', (c) => seen.push(c));
    const completed = {
      cardRequestId: 41,
      customerId: 11,
      savedCardId: 97,
      completed: '2026-11-21T09:15:00.000Z',
    };
    hub.invoke('CardRequestCompleted', completed);
    expect(seen).toEqual([completed]);
  });

  it('sends MembershipChanged as membership-updated', () => {
    const { hub, events } = setup();
    const seen: MembershipChanged[] = [];
    events.on('membership-updated', (m) => seen.push(m));
    const changed = {
      customerMembershipBillingId: 501,
      customerId: 11,
      status: 'ACTIVE' as const,
      changed: '2026-11-21T09:15:00.000Z',
    };
    hub.invoke('MembershipChanged', changed);
    expect(seen).toEqual([changed]);
  });

  it('sends InsurancePaymentChanged as insurance-payment-updated', () => {
    const { hub, events } = setup();
    const seen: InsurancePaymentChanged[] = [];
    events.on('insurance-payment-updated', (m) => seen.push(m));
    const changed = {
      insurancePaymentId: 77,
      customerId: 11,
      paid: 4_250,
      changed: '2026-11-21T09:15:00.000Z',
    };
    hub.invoke('InsurancePaymentChanged', changed);
    expect(seen).toEqual([changed]);
  });

  it('stops on sign-out and starts again on sign-in', () => {
    const { hub, signIn } = setup();
    signIn(false);
    expect(hub.realtime.stop).toHaveBeenCalledTimes(1);
    signIn(true);
    expect(hub.realtime.start).toHaveBeenCalledTimes(2);
  });
});
