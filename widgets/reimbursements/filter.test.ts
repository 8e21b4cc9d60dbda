import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterFromParams, isFiltered, listBody, paramsFromFilter } from './filter.js';

describe('the reimbursements filter in the address', () => {
  it('reads a range, a carrier and a page, and writes them back the same', () => {
    const params = new URLSearchParams('from=2026-11-01&to=2026-11-30&carrier=Delta%20Dental&page=3');
    const filter = filterFromParams(params);
    expect(filter).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      carrierName: 'Delta Dental',
      page: 3,
    });
    expect(paramsFromFilter(filter).toString()).toBe(params.toString());
  });

  it('drops what is not a day or a page', () => {
    expect(filterFromParams(new URLSearchParams('from=2026-02-30&to=soon&page=-2'))).toEqual(EMPTY_FILTER);
    expect(paramsFromFilter(EMPTY_FILTER).toString()).toBe('');
  });

  it('asks for ten to a page, and nothing for a range whose end is before its start', () => {
    expect(listBody({ ...EMPTY_FILTER, carrierName: ' Aetna ', page: 2 })).toEqual({
      carrierName: 'Aetna',
      page: 2,
      pageSize: 10,
    });
    expect(listBody({ ...EMPTY_FILTER, startDate: '2026-11-02', endDate: '2026-11-01' })).toBeNull();
  });

  it('counts a range or a carrier as a filter, not the page', () => {
    expect(isFiltered({ ...EMPTY_FILTER, page: 4 })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, endDate: '2026-11-01' })).toBe(true);
  });
});
