/**
 * The Payment plans report's body: every figure in the table, amounts as currency and right-aligned,
 * the aging chart, the links to the Payment Plans page only where its filter counts the same, and
 * what plans collected linked to the transactions list of the same days, source and clinics.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentPlansReport } from '../../../embed-sdk/contract/reportPaymentPlans.js';
import { createFakeSdk } from '../../../widgets/ui/testing/fakeSdk.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { renderPortal, stubViewport } from '../../testing/renderPortal.js';
import { PaymentPlansBody } from './PaymentPlansBody.js';

const VALUE: PaymentPlansReport = {
  outstanding: { plans: 4, amount: 1_234_500 },
  pastDue: {
    plans: 2,
    amount: 10_000,
    byAge: [
      { age: '0-30', cycles: 1, amount: 1_000 },
      { age: '31-60', cycles: 1, amount: 2_000 },
      { age: '61-90', cycles: 1, amount: 3_000 },
      { age: 'over90', cycles: 1, amount: 4_000 },
    ],
  },
  completed: { count: 3, amount: 7_000 },
  canceled: { count: 1, amount: 8_000 },
  collected: { count: 5, amount: 10_300 },
};

function show(request: { from: string; to: string; clinicNums?: number[] }) {
  stubViewport(1440);
  renderPortal(<PaymentPlansBody value={VALUE} request={request} />, { sdk: createFakeSdk().sdk });
  return screen.getByRole('table', { name: 'Payment plans' });
}

const rowOf = (table: HTMLElement, label: string) =>
  within(table).getByRole('cell', { name: label }).closest('tr')!;

describe('PaymentPlansBody', () => {
  it('shows every figure, its count and its amount', () => {
    const table = show({ from: '2099-01-01', to: '2099-01-31' });
    expect(rowOf(table, 'Balance outstanding (active plans)')).toHaveTextContent('4$12,345.00');
    expect(rowOf(table, 'Past due')).toHaveTextContent('2$100.00');
    expect(rowOf(table, 'Past due 61–90 days')).toHaveTextContent('1$30.00');
    expect(rowOf(table, 'Past due Over 90 days')).toHaveTextContent('1$40.00');
    expect(rowOf(table, 'Completed')).toHaveTextContent('3$70.00');
    expect(rowOf(table, 'Canceled')).toHaveTextContent('1$80.00');
    expect(rowOf(table, 'Collected on plans')).toHaveTextContent('5$103.00');
  });

  it('links the past-due plans to the Payment Plans page’s Past due when the period reaches today', () => {
    show({ from: '2099-01-01', to: '2099-01-31' });
    expect(screen.getByRole('link', { name: '2 past-due plans' })).toHaveAttribute(
      'href',
      '#/paymentplans?status=pastdue',
    );
    expect(screen.getByRole('link', { name: '4 active plans' })).toHaveAttribute(
      'href',
      '#/paymentplans?status=active',
    );
  });

  it('links no past due for a period that ended (the page counts today’s)', () => {
    show({ from: '2001-01-01', to: '2001-01-31' });
    expect(screen.queryByRole('link', { name: '2 past-due plans' })).toBeNull();
    screen.getByRole('link', { name: '4 active plans' });
  });

  it('links what plans collected to the transactions list: the days, the plan payments, paid', () => {
    show({ from: '2099-01-01', to: '2099-01-31' });
    const list = '#/transactions?dates=custom&from=2099-01-01&to=2099-01-31&source=PAYMENTPLAN&status=paid';
    expect(screen.getByRole('link', { name: '5 plan payments: open the transactions' })).toHaveAttribute(
      'href',
      list,
    );
    expect(
      screen.getByRole('link', { name: '$103.00 collected on plans: open the transactions' }),
    ).toHaveAttribute('href', list);
  });

  it('links only what plans collected when clinics are chosen (the Payment Plans page has no clinic filter)', () => {
    show({ from: '2099-01-01', to: '2099-01-31', clinicNums: [3] });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '#/transactions?dates=custom&from=2099-01-01&to=2099-01-31&source=PAYMENTPLAN&status=paid&clinics=3',
      '#/transactions?dates=custom&from=2099-01-01&to=2099-01-31&source=PAYMENTPLAN&status=paid&clinics=3',
    ]);
  });
});
