import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchPglite } from '../../tests/db/support.js';
import { providerNonces } from '../db/schema/index.js';
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

let database: Awaited<ReturnType<typeof openScratchPglite>>;
beforeAll(async () => {
  database = await openScratchPglite();
}, 60_000);
afterAll(() => database?.dispose());

let start = Date.UTC(2026, 0, 1);
/** A store on a clock of its own, a day after the last test's, so that tests do not see each other's nonces. */
function storeWithClock() {
  start += 24 * 60 * 60_000;
  let now = start;
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  return { store: new NonceStore(database.db, clock), clock };
}

describe('NonceStore', () => {
  it('redeems a nonce once, and keeps only its hash', async () => {
    const { store } = storeWithClock();
    const nonce = await store.issue(card);
    const kept = await database.db.select().from(providerNonces);
    expect(JSON.stringify(kept)).not.toContain(nonce);
    expect(await store.redeem(nonce, 'biz_a')).toEqual(card);
    expect(await store.redeem(nonce, 'biz_a')).toBeNull();
  });

  it('redeems through another store on the same database (another instance), once', async () => {
    const { store } = storeWithClock();
    const other = new NonceStore(database.db, { now: () => new Date(start) });
    const nonce = await store.issue(card);
    const [first, second] = await Promise.all([other.redeem(nonce, 'biz_a'), store.redeem(nonce, 'biz_a')]);
    expect([first, second].filter(Boolean)).toEqual([card]);
  });

  it('refuses a nonce it never issued', async () => {
    const { store } = storeWithClock();
    expect(await store.redeem('00000000-0000-4000-8000-000000000000', 'biz_a')).toBeNull();
  });

  it("refuses another business's nonce, which stays good for its own business", async () => {
    const { store } = storeWithClock();
    const nonce = await store.issue(card);
    expect(await store.redeem(nonce, 'biz_b')).toBeNull();
    expect(await store.redeem(nonce, 'biz_a')).toEqual(card);
  });

  it('keeps a nonce for 15 minutes by the sandbox clock', async () => {
    const { store, clock } = storeWithClock();
    const early = await store.issue(card);
    const late = await store.issue(card);
    clock.advance(NONCE_TTL_MS - 1);
    expect(await store.redeem(early, 'biz_a')).toEqual(card);
    clock.advance(1);
    expect(await store.redeem(late, 'biz_a')).toBeNull();
  });

  it('forgets expired nonces when it issues new ones', async () => {
    const { store, clock } = storeWithClock();
    await store.issue(card);
    await store.issue(card);
    clock.advance(NONCE_TTL_MS);
    await store.issue(card);
    expect(await store.pending()).toBe(1);
    expect(await database.db.$count(providerNonces)).toBe(1);
  });
});
