import { describe, expect, it } from 'vitest';
import { ATTENTION_LINKS } from '../../dashboard/attentionLinks.js';
import { emptyText, filterFromParams, listBody, pageCount, paramsFromFilter } from './paymentPlansFilter.js';

describe('the Payment Plans filter', () => {
  it('reads the dashboard’s past-due link', () => {
    const query = ATTENTION_LINKS.pastDuePaymentPlans.split('?')[1];
    const filter = filterFromParams(new URLSearchParams(query));
    expect(filter).toEqual({ search: '', status: 'pastdue', page: 1, planId: null });
    expect(listBody(filter)).toEqual({ status: 'PAST_DUE', page: 1, pageSize: 10 });
  });

  it('reads the bell’s link to a plan', () => {
    expect(filterFromParams(new URLSearchParams('paymentPlanId=7')).planId).toBe(7);
  });

  it.each([
    ['active', 'ACTIVE'],
    ['completed', 'COMPLETE'],
    ['COMPLETE', 'COMPLETE'],
    ['canceled', 'INACTIVE'],
    ['cancelled', 'INACTIVE'],
    ['PAST_DUE', 'PAST_DUE'],
  ])('sends status=%s as %s', (status, sent) => {
    expect(listBody(filterFromParams(new URLSearchParams({ status })))).toMatchObject({ status: sent });
  });

  it('ignores what it does not understand', () => {
    expect(filterFromParams(new URLSearchParams('status=odd&page=-2&paymentPlanId=x'))).toEqual({
      search: '',
      status: 'all',
      page: 1,
      planId: null,
    });
    expect(listBody(filterFromParams(new URLSearchParams('status=odd')))).toEqual({ page: 1, pageSize: 10 });
  });

  it('round-trips through the address', () => {
    const filter = { search: 'gar', status: 'canceled' as const, page: 2, planId: 41 };
    expect(paramsFromFilter(filter).toString()).toBe('q=gar&status=canceled&page=2&paymentPlanId=41');
    expect(filterFromParams(paramsFromFilter(filter))).toEqual(filter);
    expect(listBody(filter)).toEqual({ status: 'INACTIVE', search: 'gar', page: 2, pageSize: 10 });
    expect(paramsFromFilter({ search: ' ', status: 'all', page: 1, planId: null }).toString()).toBe('');
  });

  it('says what each filter found nothing of', () => {
    const none = { search: '', page: 1, planId: null };
    expect(emptyText({ ...none, status: 'all' })).toBe('No payment plans yet.');
    expect(emptyText({ ...none, status: 'active' })).toBe('No active payment plans.');
    expect(emptyText({ ...none, status: 'pastdue' })).toBe('No payment plans are past due.');
    expect(emptyText({ ...none, status: 'completed' })).toBe('No completed payment plans.');
    expect(emptyText({ ...none, status: 'canceled' })).toBe('No canceled payment plans.');
    expect(emptyText({ ...none, status: 'pastdue', search: 'smith ' })).toBe(
      'No past-due payment plans match “smith”.',
    );
    expect(emptyText({ ...none, status: 'all', search: 'smith' })).toBe('No payment plans match “smith”.');
  });

  it('counts pages of ten', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});
