/** The Reports page's address and the request built from it (reportAddress.ts). */
import { describe, expect, it } from 'vitest';
import {
  addressFromParams,
  customRangeProblem,
  paramsFromAddress,
  presetDays,
  requestFromAddress,
} from './reportAddress.js';
import type { ReportOption } from './reportView.js';

const GROUP: ReportOption = {
  key: 'groupBy',
  label: 'Group by',
  choices: [
    { value: 'day', label: 'Day' },
    { value: 'week', label: 'Week' },
  ],
  defaultValue: 'day',
};

describe('presetDays', () => {
  const today = new Date(2026, 1, 15); // 15 Feb 2026
  it.each([
    ['thisMonth', '2026-02-01', '2026-02-15'],
    ['lastMonth', '2026-01-01', '2026-01-31'],
    ['last30', '2026-01-17', '2026-02-15'],
    ['thisQuarter', '2026-01-01', '2026-02-15'],
    ['lastQuarter', '2025-10-01', '2025-12-31'],
    ['thisYear', '2026-01-01', '2026-02-15'],
    ['lastYear', '2025-01-01', '2025-12-31'],
  ] as const)('%s runs from %s to %s', (preset, from, to) => {
    expect(presetDays(preset, today)).toEqual({ from, to });
  });

  it('last month of January is December of the year before, to its 31st', () => {
    expect(presetDays('lastMonth', new Date(2026, 0, 31))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('last month of March ends on the last day of February, in a leap year too', () => {
    expect(presetDays('lastMonth', new Date(2028, 2, 31))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('the address', () => {
  it('round-trips a custom range, clinics and an option', () => {
    const params = new URLSearchParams('dates=custom&from=2026-03-01&to=2026-03-31&clinics=2,1&groupBy=week');
    const address = addressFromParams(params, [GROUP]);
    expect(address).toEqual({
      dates: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
      clinics: [2, 1],
      options: { groupBy: 'week' },
    });
    expect(addressFromParams(paramsFromAddress(address), [GROUP])).toEqual(address);
    expect(paramsFromAddress(address).get('clinics')).toBe('2,1');
  });

  it('drops what it cannot read: an unknown preset, a day that does not exist, a bad clinic, an unknown choice', () => {
    const address = addressFromParams(
      new URLSearchParams('dates=forever&from=2026-02-30&clinics=0,x,3,3&groupBy=year'),
      [GROUP],
    );
    expect(address).toEqual({ dates: 'thisMonth', from: '', to: '', clinics: [3], options: {} });
    expect(paramsFromAddress(address).toString()).toBe('clinics=3');
  });

  it('a range without a preset is custom', () => {
    expect(addressFromParams(new URLSearchParams('from=2026-01-01'), []).dates).toBe('custom');
  });
});

describe('requestFromAddress', () => {
  const today = new Date(2026, 1, 15);
  it('gives the preset’s days, the clinics and every option with its default', () => {
    const address = addressFromParams(new URLSearchParams('dates=lastMonth&clinics=4'), [GROUP]);
    expect(requestFromAddress(address, [GROUP], today)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      clinicNums: [4],
      groupBy: 'day',
    });
  });

  it('asks for nothing while a custom range is not whole, or runs backwards, and says why', () => {
    const half = addressFromParams(new URLSearchParams('dates=custom&from=2026-01-01'), []);
    expect(requestFromAddress(half, [], today)).toBeNull();
    expect(customRangeProblem(half)).toBe('Choose the first and the last day.');
    const backwards = addressFromParams(new URLSearchParams('from=2026-02-01&to=2026-01-01'), []);
    expect(requestFromAddress(backwards, [], today)).toBeNull();
    expect(customRangeProblem(backwards)).toBe('The end date must not be before the start date.');
  });
});
