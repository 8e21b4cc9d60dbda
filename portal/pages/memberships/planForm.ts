/**
 * The plan form of Membership Administration (add and edit a plan of the catalogue): what a person
 * types, the rules it must meet and the body the catalogue's create and update calls take. Prices
 * are typed in dollars and checked with the spec's money rule ('The {field} is not a currency
 * value.'). The other rules are the contract's (MembershipPlanInput and PlanImage in
 * embed-sdk/contract/membership.ts), in its words: browsers get no contract schemas (they are
 * projected out of browser bundles, scripts/vite-plugins.ts), so the form checks the same limits and
 * messages (embed-sdk/validation/membershipLimits.ts, which the contract reads too) with zod/mini.
 */
import { z } from 'zod/mini';
import { MAX_AMOUNT } from '../../../embed-sdk/contract/common.js';
import type { MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import { PLAN_IMAGE_DATA_URL, PLAN_RULES } from '../../../embed-sdk/validation/membershipLimits.js';
import { validationMessages } from '../../../embed-sdk/validation/messages.js';
import { centsToMoneyInput, isMoney, parseMoneyToCents } from '../../../embed-sdk/validation/money.js';

export const PLAN_FIELD_LABELS = {
  label: 'Label',
  description: 'Description',
  image: 'Image',
  benefits: 'Benefits',
  monthlyPrice: 'Monthly price',
  yearlyPrice: 'Yearly price',
  discountPlan: 'Linked discount plan',
} as const;

export interface PlanFormValues {
  label: string;
  description: string;
  /** A data URL, or null for none. */
  image: string | null;
  /** One box per benefit (react-hook-form's field arrays hold objects). */
  benefits: { text: string }[];
  monthlyPrice: string;
  yearlyPrice: string;
  discountPlan: string;
}

export type PlanFormField = keyof PlanFormValues;

export function emptyPlanForm(): PlanFormValues {
  return {
    label: '',
    description: '',
    image: null,
    benefits: [{ text: '' }],
    monthlyPrice: '',
    yearlyPrice: '',
    discountPlan: '',
  };
}

export function planFormOf(plan: MembershipPlan): PlanFormValues {
  return {
    label: plan.label,
    description: plan.description,
    image: plan.image,
    benefits: plan.benefits.length > 0 ? plan.benefits.map((b) => ({ text: b.label })) : [{ text: '' }],
    monthlyPrice: plan.monthlyAmount === null ? '' : centsToMoneyInput(plan.monthlyAmount),
    yearlyPrice: plan.yearlyAmount === null ? '' : centsToMoneyInput(plan.yearlyAmount),
    discountPlan: plan.discountPlan,
  };
}

/**
 * The contract's terse messages ('must be at most $999,999.99') name no field: they get the form's
 * label in front, so every message says which field is wrong.
 */
export function namedMessage(field: PlanFormField, message: string): string {
  return /^[a-z]/.test(message) ? `${PLAN_FIELD_LABELS[field]} ${message}` : message;
}

export interface PlanProblem {
  /** The form's field, or a benefit's box (`benefits.2.text`). */
  path: string;
  message: string;
}

type PriceField = 'monthlyPrice' | 'yearlyPrice';

function priceOf(values: PlanFormValues, field: PriceField, problems: PlanProblem[]): number | null {
  const text = values[field].trim();
  if (text === '') return null;
  const cents = isMoney(text) ? parseMoneyToCents(text) : null;
  if (cents === null) {
    problems.push({ path: field, message: validationMessages.money(PLAN_FIELD_LABELS[field]) });
    return null;
  }
  if (cents > MAX_AMOUNT) {
    problems.push({ path: field, message: namedMessage(field, PLAN_RULES.priceTooLarge) });
    return null;
  }
  return cents;
}

/** The body the catalogue's create (and, with the id, update) takes; empty benefit boxes are left out. */
export function planBody(values: PlanFormValues) {
  const problems: PlanProblem[] = [];
  const monthlyAmount = priceOf(values, 'monthlyPrice', problems);
  const yearlyAmount = priceOf(values, 'yearlyPrice', problems);
  const benefits = values.benefits.map((b) => b.text.trim()).filter((text) => text !== '');
  const body = {
    label: values.label.trim(),
    description: values.description.trim(),
    image: values.image,
    benefits,
    monthlyAmount,
    yearlyAmount,
    discountPlan: values.discountPlan.trim(),
  };
  return { body, problems };
}

const tooLong = (label: string, max: number) => `The ${label} must be at most ${max} characters.`;

/** Every problem of the form, each on the field (or benefit box) it concerns. */
export function planProblems(values: PlanFormValues): PlanProblem[] {
  const { body, problems } = planBody(values);
  const label = values.label.trim();
  if (label === '') problems.push({ path: 'label', message: PLAN_RULES.labelRequired });
  else if (label.length > PLAN_RULES.labelMax)
    problems.push({ path: 'label', message: tooLong(PLAN_FIELD_LABELS.label, PLAN_RULES.labelMax) });
  if (values.description.trim().length > PLAN_RULES.descriptionMax)
    problems.push({
      path: 'description',
      message: tooLong(PLAN_FIELD_LABELS.description, PLAN_RULES.descriptionMax),
    });
  values.benefits.forEach((b, index) => {
    if (b.text.trim().length > PLAN_RULES.benefitMax)
      problems.push({
        path: `benefits.${index}.text`,
        message: tooLong(`Benefit ${index + 1}`, PLAN_RULES.benefitMax),
      });
  });
  if (body.benefits.length > PLAN_RULES.benefitsMax)
    problems.push({ path: 'benefits', message: `A plan lists at most ${PLAN_RULES.benefitsMax} benefits.` });
  const priceTyped = values.monthlyPrice.trim() !== '' || values.yearlyPrice.trim() !== '';
  if (!priceTyped) problems.push({ path: 'monthlyPrice', message: PLAN_RULES.priceRequired });
  if (values.discountPlan.trim().length > PLAN_RULES.discountPlanMax)
    problems.push({
      path: 'discountPlan',
      message: tooLong(PLAN_FIELD_LABELS.discountPlan, PLAN_RULES.discountPlanMax),
    });
  const image = values.image === null ? null : imageProblem(values.image);
  if (image) problems.push({ path: 'image', message: image });
  return problems;
}

/** The form's resolver schema. */
export const planFormSchema = z
  .object({
    label: z.string(),
    description: z.string(),
    image: z.nullable(z.string()),
    benefits: z.array(z.object({ text: z.string() })),
    monthlyPrice: z.string(),
    yearlyPrice: z.string(),
    discountPlan: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      for (const p of planProblems(values)) {
        ctx.issues.push({ code: 'custom', path: p.path.split('.'), message: p.message, input: values });
      }
    }),
  );

/** Whether an image the person chose can be kept, in the contract's words when it cannot. */
export function imageProblem(dataUrl: string): string | null {
  if (dataUrl.length > PLAN_RULES.imageMax) return PLAN_RULES.imageTooLarge;
  return PLAN_IMAGE_DATA_URL.test(dataUrl) ? null : PLAN_RULES.imageType;
}

/** The contract's body fields, by the form field that shows their errors. */
const FIELD_OF: Record<string, PlanFormField> = {
  label: 'label',
  description: 'description',
  image: 'image',
  benefits: 'benefits',
  monthlyAmount: 'monthlyPrice',
  yearlyAmount: 'yearlyPrice',
  discountPlan: 'discountPlan',
};

/**
 * A 400 envelope's errors ('body.monthlyAmount: must be at most $999,999.99') by the form field that
 * shows them; what names no field of the form stays in `other`.
 */
export function serverPlanErrors(errors: readonly string[]) {
  const fields: Partial<Record<PlanFormField, string>> = {};
  const other: string[] = [];
  for (const error of errors) {
    const match = /^body\.([A-Za-z]+)(?:\.[^:]*)?:\s*(.+)$/s.exec(error);
    const field = match ? FIELD_OF[match[1]!] : undefined;
    if (field && !fields[field]) fields[field] = namedMessage(field, match![2]!);
    else if (!field) other.push(error);
  }
  return { fields, other };
}
