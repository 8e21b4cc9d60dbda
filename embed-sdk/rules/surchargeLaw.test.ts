/** The states' surcharge law as data: every state, DC and Puerto Rico, and the rows the product relies on. */
import { describe, expect, it } from 'vitest';
import { MAX_SURCHARGE_BPS } from './surcharge.js';
import { SURCHARGE_LAW, US_STATES, isUsState, surchargeLawOf } from './surchargeLaw.js';

describe('the surcharge law table', () => {
  it('has one row for each of the 50 states, DC and Puerto Rico', () => {
    expect(US_STATES).toHaveLength(52);
    expect(new Set(US_STATES).size).toBe(52);
    for (const code of ['DC', 'PR', 'AK', 'HI', 'WY']) expect(isUsState(code)).toBe(true);
    expect(isUsState('XX')).toBe(false);
    expect(isUsState('toString')).toBe(false);
  });

  it('lists the states by name', () => {
    const names = US_STATES.map((code) => SURCHARGE_LAW[code].name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names[0]).toBe('Alabama');
    expect(names.at(-1)).toBe('Wyoming');
  });

  it.each([
    ['CT', { kind: 'FORBIDDEN' }],
    ['MA', { kind: 'FORBIDDEN' }],
    ['ME', { kind: 'FORBIDDEN' }],
    ['PR', { kind: 'FORBIDDEN' }],
    ['CO', { kind: 'CAPPED', capBps: 200 }],
    ['NY', { kind: 'COST' }],
    ['NJ', { kind: 'COST' }],
    ['TX', { kind: 'ALLOWED' }],
    ['WA', { kind: 'ALLOWED' }],
    ['CA', { kind: 'ALLOWED' }],
  ] as const)('%s: %o', (state, law) => {
    expect(surchargeLawOf(state)).toEqual(law);
  });

  it('caps only with a rate from 0 to 100 %', () => {
    for (const code of US_STATES) {
      const { law } = SURCHARGE_LAW[code];
      if (law.kind === 'CAPPED') {
        expect(law.capBps).toBeGreaterThan(0);
        expect(law.capBps).toBeLessThanOrEqual(10_000);
      }
    }
    // Every cap below the networks' is one the rules apply (Colorado's 2 %).
    expect(
      US_STATES.filter((c) => {
        const { law } = SURCHARGE_LAW[c];
        return law.kind === 'CAPPED' && law.capBps < MAX_SURCHARGE_BPS;
      }),
    ).toEqual(['CO']);
  });

  it('leaves a practice whose state is not set to the networks’ cap', () => {
    expect(surchargeLawOf(null)).toEqual({ kind: 'ALLOWED' });
  });
});
