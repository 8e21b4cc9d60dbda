/** The surcharge on one card payment: the rate of surcharge.ts applied to an amount. */
import { describe, expect, it } from 'vitest';
import { cardSurcharge, creditCardSurcharge } from './cardSurcharge.js';

const brightSmiles = { hasSurcharging: true, surchargeRateBps: 300, state: 'TX' };
const cedarFamily = { hasSurcharging: false, surchargeRateBps: 0, state: 'CO' };
const harborView = { hasSurcharging: true, surchargeRateBps: 350, state: 'WA' };
const offButRated = { hasSurcharging: false, surchargeRateBps: 300, state: 'TX' };
const inColorado = { hasSurcharging: true, surchargeRateBps: 250, state: 'CO' };
const inConnecticut = { hasSurcharging: true, surchargeRateBps: 250, state: 'CT' };

describe('cardSurcharge', () => {
  it.each([
    ['credit at 3 %', 10_000, brightSmiles, 'CREDIT', { rateBps: 300, surchargeAmount: 300, total: 10_300 }],
    ['debit never', 10_000, brightSmiles, 'DEBIT', { rateBps: 0, surchargeAmount: 0, total: 10_000 }],
    ['prepaid never', 10_000, brightSmiles, 'PREPAID', { rateBps: 0, surchargeAmount: 0, total: 10_000 }],
    ['unknown funding: none', 10_000, brightSmiles, null, { rateBps: 0, surchargeAmount: 0, total: 10_000 }],
    [
      'a practice that does not surcharge',
      10_000,
      cedarFamily,
      'CREDIT',
      { rateBps: 0, surchargeAmount: 0, total: 10_000 },
    ],
    [
      'surcharging off whatever the rate',
      10_000,
      offButRated,
      'CREDIT',
      { rateBps: 0, surchargeAmount: 0, total: 10_000 },
    ],
    [
      '3.5 % is capped at 3 %',
      10_000,
      harborView,
      'CREDIT',
      { rateBps: 300, surchargeAmount: 300, total: 10_300 },
    ],
    [
      'Colorado caps 2.5 % at 2 %',
      10_000,
      inColorado,
      'CREDIT',
      { rateBps: 200, surchargeAmount: 200, total: 10_200 },
    ],
    [
      'Connecticut forbids it',
      10_000,
      inConnecticut,
      'CREDIT',
      { rateBps: 0, surchargeAmount: 0, total: 10_000 },
    ],
    [
      'half a cent rounds up',
      4_950,
      brightSmiles,
      'CREDIT',
      { rateBps: 300, surchargeAmount: 149, total: 5_099 },
    ],
    [
      'below half a cent rounds down',
      12_345,
      brightSmiles,
      'CREDIT',
      { rateBps: 300, surchargeAmount: 370, total: 12_715 },
    ],
    ['one cent', 1, brightSmiles, 'CREDIT', { rateBps: 300, surchargeAmount: 0, total: 1 }],
  ] as const)('%s', (_what, amount, practice, funding, expected) => {
    expect(cardSurcharge(amount, practice, funding)).toEqual(expected);
  });

  it('is what a credit card would add, for Settings to preview and staff to quote', () => {
    expect(creditCardSurcharge(25_000, brightSmiles)).toEqual(cardSurcharge(25_000, brightSmiles, 'CREDIT'));
    expect(creditCardSurcharge(25_000, cedarFamily).surchargeAmount).toBe(0);
    expect(creditCardSurcharge(25_000, inConnecticut).surchargeAmount).toBe(0);
  });
});
