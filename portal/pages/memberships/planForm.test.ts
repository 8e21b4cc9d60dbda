/** The plan form's rules: each problem on its field, in the contract's and the spec's words. */
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../testing/membershipFixtures.js';
import { emptyPlanForm, planBody, planProblems, serverPlanErrors, type PlanFormValues } from './planForm.js';

const form = (over: Partial<PlanFormValues>): PlanFormValues => ({
  ...emptyPlanForm(),
  label: 'Smile Club',
  monthlyPrice: '33',
  ...over,
});

describe('the plan form', () => {
  it.each([
    [{ label: '  ' }, 'label', 'The label is required.'],
    [{ monthlyPrice: '' }, 'monthlyPrice', 'Give a monthly price, a yearly price or both.'],
    [{ monthlyPrice: '0' }, 'monthlyPrice', 'The Monthly price is not a currency value.'],
    [{ yearlyPrice: '1,00' }, 'yearlyPrice', 'The Yearly price is not a currency value.'],
    [{ yearlyPrice: '1000000' }, 'yearlyPrice', 'Yearly price must be at most $999,999.99'],
    [{ label: 'x'.repeat(101) }, 'label', 'The Label must be at most 100 characters.'],
    [
      { benefits: [{ text: 'ok' }, { text: 'y'.repeat(201) }] },
      'benefits.1.text',
      'The Benefit 2 must be at most 200 characters.',
    ],
    [{ image: 'data:text/html;base64,AAAA' }, 'image', 'The image must be a PNG, JPEG, WebP or GIF.'],
    [{ image: `${TINY_PNG}${'A'.repeat(300_000)}` }, 'image', 'The image must be at most 200 kB.'],
  ])('%j: %s says “%s”', (over, path, message) => {
    expect(planProblems(form(over))).toEqual([{ path, message }]);
  });

  it('takes a plan with one price, trims it and leaves empty benefit boxes out', () => {
    const values = form({
      label: ' Smile Club ',
      monthlyPrice: '',
      yearlyPrice: '1,200.5',
      image: TINY_PNG,
      benefits: [{ text: ' 2 cleanings a year ' }, { text: '' }],
    });
    expect(planProblems(values)).toEqual([]);
    expect(planBody(values).body).toEqual({
      label: 'Smile Club',
      description: '',
      image: TINY_PNG,
      benefits: ['2 cleanings a year'],
      monthlyAmount: null,
      yearlyAmount: 120050,
      discountPlan: '',
    });
  });

  it('puts the server’s refusals on the fields they name', () => {
    expect(
      serverPlanErrors([
        'body.monthlyAmount: must be at most $999,999.99',
        'body.benefits.2: A benefit cannot be empty.',
        'Something else',
      ]),
    ).toEqual({
      fields: {
        monthlyPrice: 'Monthly price must be at most $999,999.99',
        benefits: 'A benefit cannot be empty.',
      },
      other: ['Something else'],
    });
  });
});
