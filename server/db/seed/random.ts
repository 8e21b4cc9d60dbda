/**
 * Seeded randomness and time for the demo data. Every kind of data draws from its own stream (a fixed
 * faker seed per kind and practice), so adding a field to appointments does not reshuffle the patients,
 * and Cedar's patients do not change when Bright Smiles grows with the scale.
 */
import { SimpleFaker } from '@faker-js/faker';
import { addDays, localDate } from '../../domain/calendarDates.js';

export type Random = SimpleFaker;

const STREAMS = {
  patients: 1_000,
  customers: 2_000,
  appointments: 3_000,
  procedures: 4_000,
  paymentPlans: 5_000,
  cards: 6_000,
  memberships: 7_000,
  paymentRequests: 8_000,
  collections: 9_000,
  unassociated: 10_000,
  unassociatedCards: 11_000,
  allocationFixture: 12_000,
  claims: 13_000,
} as const;

/** The generator for one kind of data in one practice: the same sequence on every run. */
export function randomFor(kind: keyof typeof STREAMS, companyId: number): Random {
  const random = new SimpleFaker();
  random.seed(STREAMS[kind] + companyId);
  return random;
}

/** Picks by weight with a binary search over the running totals (fast enough for 100,000 picks). */
export function weightedPicker<T>(items: readonly { value: T; weight: number }[]) {
  const totals: number[] = [];
  let sum = 0;
  for (const item of items) totals.push((sum += item.weight));
  return (random: Random): T => {
    const target = random.number.float({ min: 0, max: sum });
    let lo = 0;
    let hi = totals.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (totals[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!.value;
  };
}

/** `count` distinct items of `list`, in a seeded order. */
export function sample<T>(random: Random, list: readonly T[], count: number): T[] {
  return random.helpers.shuffle([...list]).slice(0, count);
}

/**
 * The seed's view of time. Calendar dates follow the sandbox clock's local calendar
 * (`Clock.today()`), so "today" in the seed is the server's today.
 */
export interface SeedTime {
  now: Date;
  /** YYYY-MM-DD */
  today: string;
  daysAgo(days: number): string;
  /** A moment on a calendar day, in the server's local time. */
  at(date: string, hours: number, minutes?: number): Date;
  minutesAgo(minutes: number): Date;
}

export function seedTime(now: Date): SeedTime {
  const today = localDate(now);
  return {
    now,
    today,
    daysAgo: (days) => addDays(today, -days),
    at(date, hours, minutes = 0) {
      const [y, m, d] = date.split('-').map(Number);
      return new Date(y!, m! - 1, d!, hours, minutes);
    },
    minutesAgo: (minutes) => new Date(now.getTime() - minutes * 60_000),
  };
}
