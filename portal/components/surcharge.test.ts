import { describe, expect, it } from 'vitest';
import { percentToBps, surchargeText } from './surcharge.js';

describe('a surcharge in the admin area', () => {
  it('reads as people say it, and a rate stored above the cap as what is charged', () => {
    expect(surchargeText({ hasSurcharging: false, surchargeRateBps: 300, state: 'TX' })).toBe('Off');
    expect(surchargeText({ hasSurcharging: true, surchargeRateBps: 275, state: 'TX' })).toBe('2.75 %');
    expect(surchargeText({ hasSurcharging: true, surchargeRateBps: 300, state: null })).toBe('3.00 %');
    expect(surchargeText({ hasSurcharging: true, surchargeRateBps: 350, state: 'WA' })).toBe(
      '3.00 % (capped)',
    );
  });

  it('says what the state’s law makes of the rate', () => {
    expect(surchargeText({ hasSurcharging: true, surchargeRateBps: 300, state: 'CO' })).toBe(
      '2.00 % (capped in Colorado)',
    );
    expect(surchargeText({ hasSurcharging: true, surchargeRateBps: 150, state: 'CO' })).toBe('1.50 %');
    expect(surchargeText({ hasSurcharging: true, surchargeRateBps: 250, state: 'CT' })).toBe(
      'None (forbidden in Connecticut)',
    );
  });

  it('takes a percentage as typed, to two decimals', () => {
    expect(percentToBps('2.5')).toBe(250);
    expect(percentToBps(' 3 ')).toBe(300);
    expect(percentToBps('2.755')).toBeNull();
    expect(percentToBps('-1')).toBeNull();
    expect(percentToBps('abc')).toBeNull();
  });
});
