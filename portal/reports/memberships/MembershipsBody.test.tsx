/**
 * The Memberships report's body: every figure (churn as a percent with what it divides by, the
 * revenue before surcharges), the plans' table, the Active link only where the page counts the same,
 * and what memberships collected linked to the transactions list of the same days, source and clinics.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MembershipsReport } from '../../../embed-sdk/contract/reportMemberships.js';
import { createFakeSdk } from '../../../widgets/ui/testing/fakeSdk.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { renderPortal, stubViewport } from '../../testing/renderPortal.js';
import { MembershipsBody } from './MembershipsBody.js';

const VALUE: MembershipsReport = {
  active: 12,
  members: 19,
  activeAtStart: 8,
  new: 5,
  canceled: 1,
  churnPercent: 12.5,
  monthlyRecurringRevenue: 123_456,
  renewals: { count: 3, amount: 15_000 },
  collected: { count: 7, amount: 36_050 },
  byPlan: [
    { planId: 1, label: 'Family', members: 10, monthlyRecurringRevenue: 100_000 },
    { planId: 2, label: 'Adult yearly', members: 9, monthlyRecurringRevenue: 23_456 },
  ],
};

function show(request: { from: string; to: string; clinicNums?: number[] }, value = VALUE) {
  stubViewport(1440);
  renderPortal(<MembershipsBody value={value} request={request} />, { sdk: createFakeSdk().sdk });
}

const rowOf = (tableName: string, label: string) =>
  within(screen.getByRole('table', { name: tableName }))
    .getByRole('cell', { name: label })
    .closest('tr')!;

describe('MembershipsBody', () => {
  it('shows every figure and the plans', () => {
    show({ from: '2099-01-01', to: '2099-01-31' });
    expect(rowOf('Memberships', 'Active memberships')).toHaveTextContent('12');
    expect(rowOf('Memberships', 'Churn (canceled ÷ 8 active at the start)')).toHaveTextContent('12.5%');
    expect(rowOf('Memberships', 'Monthly recurring revenue (before surcharges)')).toHaveTextContent(
      '$1,234.56',
    );
    expect(rowOf('Memberships', 'Renewals in the next 30 days')).toHaveTextContent('3 · $150.00');
    expect(rowOf('Memberships', 'Collected on memberships')).toHaveTextContent('7 · $360.50');
    expect(rowOf('Memberships by plan', 'Adult yearly')).toHaveTextContent('9$234.56');
  });

  it('links the active memberships to the Memberships page when the period reaches today', () => {
    show({ from: '2099-01-01', to: '2099-01-31' });
    expect(screen.getByRole('link', { name: '12 active memberships' })).toHaveAttribute(
      'href',
      '#/customermembershipbillings?status=active',
    );
  });

  it('links what memberships collected to the transactions list: the days, the membership payments, the clinics', () => {
    show({ from: '2099-01-01', to: '2099-01-31', clinicNums: [2] });
    expect(
      screen.getByRole('link', { name: '7 membership payments, $360.50: open the transactions' }),
    ).toHaveAttribute(
      'href',
      '#/transactions?dates=custom&from=2099-01-01&to=2099-01-31&source=MEMBERSHIP&status=paid&clinics=2',
    );
  });

  it('links no active memberships for a period that ended, and shows no churn without members at the start', () => {
    show({ from: '2001-01-01', to: '2001-01-31' }, { ...VALUE, activeAtStart: 0, churnPercent: null });
    expect(screen.queryByRole('link', { name: /active memberships/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(rowOf('Memberships', 'Churn (canceled ÷ 0 active at the start)')).toHaveTextContent('—');
  });
});
