import { describe, expect, it } from 'vitest';
import { formatRate as surchargeRate } from './percent.js';

describe('formatRate', () => {
  it('shows the surcharge rate in percent', () => {
    expect(surchargeRate(300)).toBe('3%');
    expect(surchargeRate(350)).toBe('3.5%');
    expect(surchargeRate(275)).toBe('2.75%');
  });
});
