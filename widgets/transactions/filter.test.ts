import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  exportBody,
  filterFromParams,
  listBody,
  paramsFromFilter,
  presetRange,
  type TransactionListFilter,
} from './filter.js';

const today = new Date(2026, 10, 26, 15, 0);

describe('the filter in the address', () => {
  const full: TransactionListFilter = {
    dates: 'custom',
    startDate: '2026-11-01',
    endDate: '2026-11-20',
    source: 'TERMINAL',
    status: 'REFUNDED',
    customerId: 12,
    transactionId: 'R47NVR',
    paymentPageOrphans: true,
    otherOrphans: true,
    methods: ['VISA', 'CARD', 'CHECK'],
    clinicNums: [3, 0],
    providers: ['DOC1', 'HYG2'],
    sort: 'Amount:descending',
    page: 3,
  };

  it('goes into the query and comes back the same (a link or a reload keeps it)', () => {
    const params = paramsFromFilter(full);
    expect(params.toString()).toBe(
      'dates=custom&from=2026-11-01&to=2026-11-20&source=TERMINAL&status=refunded&patient=12&id=R47NVR&unassociated=page%2Cother&methods=VISA%2CCARD%2CCHECK&clinics=3%2C0&providers=DOC1%2CHYG2&sort=Amount%3Adescending&page=3',
    );
    expect(filterFromParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it("keeps a report's methods, clinics and providers, dropping what the list cannot ask for", () => {
    const filter = filterFromParams(
      new URLSearchParams('methods=visa,BITCOIN,VISA,cash&clinics=2,x,-1,2,0&providers= DOC1 ,,DOC1'),
    );
    expect(filter).toMatchObject({ methods: ['VISA', 'CASH'], clinicNums: [2, 0], providers: ['DOC1'] });
    expect(exportBody(filter, {}, today)).toMatchObject({
      methods: ['VISA', 'CASH'],
      clinicNums: [2, 0],
      providers: ['DOC1'],
    });
    expect(exportBody(EMPTY_FILTER, {}, today)).not.toHaveProperty('methods');
  });

  it('is empty when the query says nothing', () => {
    expect(paramsFromFilter(EMPTY_FILTER).toString()).toBe('');
    expect(filterFromParams(new URLSearchParams())).toEqual(EMPTY_FILTER);
  });

  it.each([
    ['an unknown source', 'source=CRYPTO', { source: 'all' }],
    ['an unknown preset', 'dates=yesterday', { dates: 'all' }],
    ['a date that is not one', 'dates=custom&from=2026-13-45', { startDate: '' }],
    ['a patient that is not an id', 'patient=abc', { customerId: null }],
    ['page 0', 'page=0', { page: 1 }],
    ['an unknown status', 'status=pending', { status: 'all' }],
    ['an unknown order', 'sort=Name:ascending', { sort: 'Date:descending' }],
    [
      'dates without a preset are a custom range',
      'from=2026-11-01',
      { dates: 'custom', startDate: '2026-11-01' },
    ],
  ])('ignores %s', (_what, query, expected) => {
    expect(filterFromParams(new URLSearchParams(query))).toMatchObject(expected);
  });
});

describe('presets', () => {
  it.each([
    ['today', { startDate: '2026-11-26', endDate: '2026-11-26' }],
    ['last7', { startDate: '2026-11-20', endDate: '2026-11-26' }],
    ['month', { startDate: '2026-11-01', endDate: '2026-11-26' }],
    ['all', {}],
  ] as const)('%s', (preset, range) => {
    expect(presetRange(preset, today)).toEqual(range);
  });
});

describe('the list call', () => {
  it('sends the filter and the placement’s scope, newest first, ten to a page', () => {
    expect(
      listBody(
        { ...EMPTY_FILTER, dates: 'today', source: 'TEXTTOPAY', page: 2 },
        { notificationId: 'n-1' },
        today,
      ),
    ).toEqual({
      notificationId: 'n-1',
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      modules: ['TEXTTOPAY'],
      sort: 'Date:descending',
      page: 2,
      pageSize: 10,
    });
  });

  it('asks nothing for a range whose end is before its start (never every transaction)', () => {
    const impossible: TransactionListFilter = {
      ...EMPTY_FILTER,
      dates: 'custom',
      startDate: '2026-11-28',
      endDate: '2026-11-25',
      otherOrphans: true,
    };
    expect(exportBody(impossible, { companyWide: true }, today)).toBeNull();
    expect(listBody(impossible, {}, today)).toBeNull();
  });

  it('exports without a page, in the order chosen, with the spec’s states', () => {
    const body = exportBody(
      { ...EMPTY_FILTER, otherOrphans: true, status: 'VOIDED', sort: 'Amount:ascending' },
      { companyWide: true },
      today,
    );
    expect(body).toEqual({
      companyWide: true,
      status: 'VOIDED',
      viewOtherOrphans: true,
      sort: 'Amount:ascending',
    });
  });
});
