import { describe, expect, it } from 'vitest';
import { NONCE_TTL_MS, NonceStore, type PendingCard } from './nonces.js';

const card: PendingCard = {
  businessId: 'biz_a',
  brand: 'VISA',
  last4: '1111',
  expMonth: 12,
  expYear: 2030,
  funding: 'CREDIT',
  behaviour: 'APPROVE',
};

function fakeClock() {
  let now = Date.UTC(2026, 0, 1);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('NonceStore', () => {
  it('redeems a nonce once', () => {
    const store = new NonceStore(fakeClock());
    const nonce = store.issue(card);
    expect(store.redeem(nonce, 'biz_a')).toEqual(card);
    expect(store.redeem(nonce, 'biz_a')).toBeNull();
  });

  it('refuses a nonce it never issued', () => {
    expect(new NonceStore(fakeClock()).redeem('00000000-0000-4000-8000-000000000000', 'biz_a')).toBeNull();
  });

  it("refuses another business's nonce, which stays good for its own business", () => {
    const store = new NonceStore(fakeClock());
    const nonce = store.issue(card);
    expect(store.redeem(nonce, 'biz_b')).toBeNull();
    expect(store.redeem(nonce, 'biz_a')).toEqual(card);
  });

  it('keeps a nonce for 15 minutes by the sandbox clock', () => {
    const clock = fakeClock();
    const store = new NonceStore(clock);
    const early = store.issue(card);
    const late = store.issue(card);
    clock.advance(NONCE_TTL_MS - 1);
    expect(store.redeem(early, 'biz_a')).toEqual(card);
    clock.advance(1);
    expect(store.redeem(late, 'biz_a')).toBeNull();
  });

  it('forgets expired nonces when it issues new ones', () => {
    const clock = fakeClock();
    const store = new NonceStore(clock);
    store.issue(card);
    store.issue(card);
    clock.advance(NONCE_TTL_MS);
    store.issue(card);
    expect(store.size).toBe(1);
  });
});
