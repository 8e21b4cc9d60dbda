/**
 * Membership Administration (MANAGEMEMBERSHIPS): the practice's plan catalogue. A plan is added at
 * the end, edited (existing memberships keep the amounts they were enrolled at), retired (it keeps its
 * members and takes no new ones) or brought back, and the catalogue is reordered as a whole.
 */
import type * as contract from '../../embed-sdk/contract/membership.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import {
  findMembershipPlan,
  insertMembershipPlan,
  memberCounts,
  plansOf,
  updateMembershipPlan,
  type MembershipPlanRecord,
} from './store.js';
import { catalogue, toPlan } from './view.js';

type PlanInput = Omit<
  contract.MembershipPlan,
  'id' | 'isActive' | 'sortOrder' | 'memberCount' | 'benefits'
> & {
  benefits: string[];
};

/** Benefits keep their ids by position, so an edit that only rewords one keeps the others'. */
function benefitsOf(labels: string[]) {
  return labels.map((label, i) => ({ id: i + 1, label }));
}

async function viewOf(ctx: AppContext, practice: PracticeId, plan: MembershipPlanRecord) {
  return toPlan(plan, (await memberCounts(ctx.db, practice)).get(plan.id) ?? 0);
}

export async function createMembershipPlan(ctx: AppContext, practice: PracticeId, input: PlanInput) {
  const plan = await ctx.db.transaction((tx) =>
    insertMembershipPlan(tx, practice, {
      label: input.label,
      description: input.description,
      image: input.image,
      benefits: benefitsOf(input.benefits),
      monthlyAmount: input.monthlyAmount,
      yearlyAmount: input.yearlyAmount,
      discountPlan: input.discountPlan,
      isActive: true,
    }),
  );
  return viewOf(ctx, practice, plan);
}

export async function editMembershipPlan(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  input: PlanInput,
) {
  const plan = await updateMembershipPlan(ctx.db, practice, id, {
    label: input.label,
    description: input.description,
    image: input.image,
    benefits: benefitsOf(input.benefits),
    monthlyAmount: input.monthlyAmount,
    yearlyAmount: input.yearlyAmount,
    discountPlan: input.discountPlan,
  });
  if (!plan) throw new NotFoundError('The membership plan');
  return viewOf(ctx, practice, plan);
}

export async function setMembershipPlanActive(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  isActive: boolean,
) {
  const plan = await updateMembershipPlan(ctx.db, practice, id, { isActive });
  if (!plan) throw new NotFoundError('The membership plan');
  return viewOf(ctx, practice, plan);
}

/** The new order names every plan of the practice once: a missing, repeated or foreign id changes nothing. */
export async function reorderMembershipPlans(ctx: AppContext, practice: PracticeId, ids: number[]) {
  await ctx.db.transaction(async (tx) => {
    const plans = await plansOf(tx, practice, { includeRetired: true });
    const known = new Set(plans.map((p) => p.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw new NotFoundError('The membership plan');
    if (new Set(ids).size !== ids.length || ids.length !== plans.length) {
      throw new BadRequestError('body.ids', 'must name every plan of the catalogue once.');
    }
    for (const [index, id] of ids.entries())
      await updateMembershipPlan(tx, practice, id, { sortOrder: index + 1 });
  });
  return catalogue(ctx, practice, true);
}

/** One of the practice's plans, for enrolment: 404 for another practice's. */
export async function planOrNotFound(ctx: AppContext, practice: PracticeId, id: number) {
  const plan = await findMembershipPlan(ctx.db, practice, id);
  if (!plan) throw new NotFoundError('The membership plan');
  return plan;
}
