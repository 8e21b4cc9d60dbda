import { describe, expect, it } from 'vitest';
import { saleOutcome } from './outcome.js';

const may2026 = new Date(2026, 4, 15, 10);

describe('saleOutcome', () => {
  it.each([
    ['APPROVE', 12, 2027, { approved: true, reason: null }],
    ['DECLINE', 12, 2027, { approved: false, reason: 'Card declined' }],
    ['INSUFFICIENT_FUNDS', 12, 2027, { approved: false, reason: 'Insufficient funds' }],
    ['APPROVE', 5, 2026, { approved: true, reason: null }],
    ['APPROVE', 4, 2026, { approved: false, reason: 'Expired card' }],
    ['DECLINE', 4, 2026, { approved: false, reason: 'Expired card' }],
  ])('%s card expiring %i/%i → %j', (behaviour, expMonth, expYear, outcome) => {
    expect(saleOutcome({ behaviour, expMonth, expYear }, may2026)).toEqual(outcome);
  });
});
