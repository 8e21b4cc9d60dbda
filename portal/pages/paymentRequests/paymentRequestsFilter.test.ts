import { describe, expect, it } from 'vitest';
import { filterFromParams, listBody, pageCount, paramsFromFilter } from './paymentRequestsFilter.js';

describe('the Payment Requests filter', () => {
  it('reads the dashboard link ?status=unpaid', () => {
    const filter = filterFromParams(new URLSearchParams('status=unpaid'));
    expect(filter).toEqual({ search: '', status: 'unpaid', startDate: '', endDate: '', page: 1 });
    expect(listBody(filter)).toEqual({ statuses: ['UNPAID'], page: 1, pageSize: 10 });
  });

  it('ignores what it does not understand', () => {
    expect(filterFromParams(new URLSearchParams('status=odd&page=-2&from=yesterday'))).toEqual({
      search: '',
      status: 'all',
      startDate: '',
      endDate: '',
      page: 1,
    });
  });

  it('round-trips through the address and sends dates only when in order', () => {
    const filter = {
      search: 'gar',
      status: 'paid' as const,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      page: 2,
    };
    expect(filterFromParams(paramsFromFilter(filter))).toEqual(filter);
    expect(listBody(filter)).toEqual({
      search: 'gar',
      statuses: ['PAID'],
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      page: 2,
      pageSize: 10,
    });
    expect(listBody({ ...filter, startDate: '2026-12-01' })).not.toHaveProperty('startDate');
  });

  it('counts pages of ten', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});
