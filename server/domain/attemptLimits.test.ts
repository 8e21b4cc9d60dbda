import { describe, expect, it } from 'vitest';
import { minutesUntil, signInDelayMs, tooManyAttemptsMessage } from './attemptLimits.js';

const now = new Date('2025-06-30T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('minutesUntil', () => {
  it.each([
    ['15 minutes exactly', later(15 * 60_000), 15],
    ['14 minutes and a second', later(14 * 60_000 + 1_000), 15],
    ['a second', later(1_000), 1],
    ['already over', later(-5_000), 1],
  ])('%s → %d', (_what, until, minutes) => {
    expect(minutesUntil(until, now)).toBe(minutes);
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [later(15 * 60_000), 'Too many attempts. Try again in 15 minutes.'],
    [later(90_000), 'Too many attempts. Try again in 2 minutes.'],
    [later(30_000), 'Too many attempts. Try again in 1 minute.'],
  ])('%s', (until, message) => {
    expect(tooManyAttemptsMessage(until, now)).toBe(message);
  });
});

describe('signInDelayMs', () => {
  it.each([
    [1, 0],
    [3, 0],
    [4, 250],
    [5, 500],
    [8, 1_250],
    [20, 2_000],
  ])('failure %d waits %d ms', (failure, ms) => {
    expect(signInDelayMs(failure)).toBe(ms);
  });
});
