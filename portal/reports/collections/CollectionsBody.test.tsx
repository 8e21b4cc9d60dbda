/**
 * The Collections report's body as a person reads it: the buckets' table with its total row, the
 * table by split value, and the links of a count and a gross to the transactions list filtered the
 * same way (the days, approved payments, the split value, the report's clinics). The chart is drawn
 * but not read (jsdom lays out nothing); the tables carry the same figures.
 */
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionsFigures,
  CollectionsReport,
  CollectionsRequest,
} from '../../../embed-sdk/contract/reportCollections.js';
import { filterFromParams } from '../../../widgets/transactions/index.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { CollectionsBody } from './CollectionsBody.js';

beforeAll(() => {
  const svg = SVGElement.prototype as SVGElement & {
    getComputedTextLength?: () => number;
    getBBox?: () => { x: number; y: number; width: number; height: number };
  };
  svg.getComputedTextLength ??= () => 0;
  svg.getBBox ??= () => ({ x: 0, y: 0, width: 0, height: 0 });
  // The stacked bar chart measures its labels on a canvas, which jsdom has not: it measures nothing.
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});

const figures = (over: Partial<CollectionsFigures> = {}): CollectionsFigures => {
  const base = { count: 0, gross: 0, refunds: 0, voids: 0, surcharges: 0, ...over };
  return { ...base, net: base.gross - base.refunds - base.voids };
};

const VISA = { value: 'VISA', label: 'Visa' };
const CASH = { value: 'CASH', label: 'Cash' };

const REPORT: CollectionsReport = {
  totals: figures({ count: 3, gross: 60_000, refunds: 5_000, voids: 1_000, surcharges: 900 }),
  bySplit: [
    { ...VISA, ...figures({ count: 2, gross: 50_000, refunds: 5_000, surcharges: 900 }) },
    { ...CASH, ...figures({ count: 1, gross: 10_000, voids: 1_000 }) },
  ],
  buckets: [
    {
      start: '2026-11-02',
      end: '2026-11-02',
      totals: figures({ count: 2, gross: 40_000, surcharges: 600 }),
      bySplit: [
        { ...VISA, ...figures({ count: 1, gross: 30_000, surcharges: 600 }) },
        { ...CASH, ...figures({ count: 1, gross: 10_000 }) },
      ],
    },
    {
      start: '2026-11-03',
      end: '2026-11-03',
      totals: figures({ count: 1, gross: 20_000, refunds: 5_000, voids: 1_000, surcharges: 300 }),
      bySplit: [
        { ...VISA, ...figures({ count: 1, gross: 20_000, refunds: 5_000, surcharges: 300 }) },
        { ...CASH, ...figures({ voids: 1_000 }) },
      ],
    },
  ],
};

const REQUEST: CollectionsRequest = {
  from: '2026-11-02',
  to: '2026-11-03',
  groupBy: 'day',
  splitBy: 'method',
  clinicNums: [2],
};

function renderBody(value = REPORT, request = REQUEST) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <CollectionsBody value={value} request={request} />
    </FluentProvider>,
  );
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

/** A link's address, as the transactions page reads it. */
const addressOf = (link: HTMLElement) => {
  const href = link.getAttribute('href')!;
  expect(href.startsWith('#/transactions?')).toBe(true);
  return new URLSearchParams(href.slice('#/transactions?'.length));
};

describe('CollectionsBody', () => {
  it('shows each bucket and the total with every figure', () => {
    renderBody();
    expect(rowsOf('Collections by day')).toEqual([
      ['11/02/2026', '2', '$400.00', '$0.00', '$0.00', '$6.00', '$400.00'],
      ['11/03/2026', '1', '$200.00', '$50.00', '$10.00', '$3.00', '$140.00'],
      ['Total', '3', '$600.00', '$50.00', '$10.00', '$9.00', '$540.00'],
    ]);
    expect(rowsOf('Collections by payment method')).toEqual([
      ['Visa', '2', '$500.00', '$50.00', '$0.00', '$9.00', '$450.00'],
      ['Cash', '1', '$100.00', '$0.00', '$10.00', '$0.00', '$90.00'],
    ]);
  });

  it("links a bucket's count and gross to the list of that day's approved payments (refunded or voided since included) at the report's clinics", () => {
    renderBody();
    const count = screen.getByRole('link', { name: '1 payments, 11/03/2026: open the transactions' });
    const address = addressOf(count);
    expect(filterFromParams(address)).toMatchObject({
      dates: 'custom',
      startDate: '2026-11-03',
      endDate: '2026-11-03',
      status: 'PAID',
      source: 'all',
    });
    expect(address.get('clinics')).toBe('2');
    expect(address.get('methods')).toBeNull();
    const gross = screen.getByRole('link', { name: '$200.00 gross, 11/03/2026: open the transactions' });
    expect(gross.getAttribute('href')).toBe(count.getAttribute('href'));
  });

  it("links a split value's figures to the list narrowed to that value over the period", () => {
    renderBody();
    const visa = addressOf(screen.getByRole('link', { name: '2 payments, Visa: open the transactions' }));
    expect(filterFromParams(visa)).toMatchObject({
      startDate: '2026-11-02',
      endDate: '2026-11-03',
      status: 'PAID',
    });
    expect(visa.get('methods')).toBe('VISA');

    const bySource = {
      ...REPORT,
      bySplit: [{ value: 'TERMINAL', label: 'Terminal', ...REPORT.totals }],
    };
    const { unmount } = renderBody(bySource, { ...REQUEST, splitBy: 'source', clinicNums: undefined });
    const terminal = addressOf(
      screen.getByRole('link', { name: '3 payments, Terminal: open the transactions' }),
    );
    expect(filterFromParams(terminal).source).toBe('TERMINAL');
    expect(terminal.get('clinics')).toBeNull();
    unmount();
  });

  it('links a clinic to that clinic and a provider to that provider; "No provider" has no list filter, so no link', () => {
    const clinic = renderBody(
      { ...REPORT, bySplit: [{ value: '3', label: 'Downtown', ...REPORT.totals }] },
      { ...REQUEST, splitBy: 'clinic' },
    );
    const downtown = addressOf(
      screen.getByRole('link', { name: '3 payments, Downtown: open the transactions' }),
    );
    expect(downtown.get('clinics')).toBe('3');
    clinic.unmount();

    renderBody(
      {
        ...REPORT,
        bySplit: [
          { value: 'DDS1', label: 'DDS1', ...figures({ count: 2, gross: 50_000 }) },
          { value: '', label: 'No provider', ...figures({ count: 1, gross: 10_000, surcharges: 900 }) },
        ],
      },
      { ...REQUEST, splitBy: 'provider' },
    );
    expect(
      addressOf(screen.getByRole('link', { name: '2 payments, DDS1: open the transactions' })).get(
        'providers',
      ),
    ).toBe('DDS1');
    const none = screen.getByRole('table', { name: 'Collections by provider' });
    expect(within(none).getAllByRole('row')[2]).toHaveTextContent('No provider1$100.00');
    expect(within(within(none).getAllByRole('row')[2]!).queryByRole('link')).toBeNull();
  });

  it('says so when the period has nothing', () => {
    const empty = figures();
    renderBody({
      totals: empty,
      bySplit: [],
      buckets: [{ start: '2026-11-02', end: '2026-11-02', totals: empty, bySplit: [] }],
    });
    expect(screen.getByText('No payments, refunds or voids in this period.')).toBeInTheDocument();
    expect(rowsOf('Collections by day')).toHaveLength(2);
  });
});
