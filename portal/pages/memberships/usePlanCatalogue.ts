/**
 * The practice's plan catalogue's changes (Membership Administration). The catalogue itself is the
 * membership billing's (every plan, retired ones included; New Membership offers its plans from the
 * same entry). Each change answers with the plan (or the whole order), which replaces the cached list
 * at once.
 */
import { useCallback } from 'react';
import {
  createPlan,
  reorderPlans,
  setPlanActive,
  updatePlan,
  type MembershipPlan,
} from '../../../embed-sdk/contract/membership.js';
import type { BodyIn } from '../../../embed-sdk/contract/endpoint.js';
import { usePlanCatalogue } from '../../../widgets/membership-billing/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';

export { usePlanCatalogue };

/** The list with one plan replaced (or added at the end). */
export function withPlan(plans: readonly MembershipPlan[], plan: MembershipPlan): MembershipPlan[] {
  const found = plans.some((p) => p.id === plan.id);
  return found ? plans.map((p) => (p.id === plan.id ? plan : p)) : [...plans, plan];
}

/**
 * Every plan's id, in the order it would be with `id` swapped with its neighbour above (-1) or below
 * (+1) among the plans on screen (`shown`: retired ones may be hidden). The catalogue's order is over
 * all plans, so the call always gets every id once.
 */
export function movedOrder(
  plans: readonly MembershipPlan[],
  shown: readonly MembershipPlan[],
  id: number,
  step: -1 | 1,
): number[] | null {
  const at = shown.findIndex((p) => p.id === id);
  const neighbour = shown[at + step];
  if (at < 0 || !neighbour) return null;
  const ids = plans.map((p) => p.id);
  const from = ids.indexOf(id);
  const to = ids.indexOf(neighbour.id);
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/**
 * The catalogue's changes. Each rejects with the call's error (a 400 names the field); the caller's
 * form says why. Banners are left to the caller (`noBanner`), which shows the error where it belongs.
 */
export function useCatalogueChanges() {
  const sdk = useSdk();
  const { mutate } = usePlanCatalogue();
  const replace = useCallback(
    async (plan: MembershipPlan) => {
      await mutate((plans) => withPlan(plans ?? [], plan), { revalidate: false });
      return plan;
    },
    [mutate],
  );
  return {
    create: useCallback(
      async (body: BodyIn<typeof createPlan>) =>
        replace(await valueOf(sdk.api.call(createPlan, { body, noBanner: true }))),
      [sdk, replace],
    ),
    update: useCallback(
      async (body: BodyIn<typeof updatePlan>) =>
        replace(await valueOf(sdk.api.call(updatePlan, { body, noBanner: true }))),
      [sdk, replace],
    ),
    setActive: useCallback(
      async (id: number, isActive: boolean) =>
        replace(await valueOf(sdk.api.call(setPlanActive, { body: { id, isActive } }))),
      [sdk, replace],
    ),
    reorder: useCallback(
      async (ids: number[]) => {
        const plans = await valueOf(sdk.api.call(reorderPlans, { body: { ids } }));
        await mutate(plans, { revalidate: false });
      },
      [sdk, mutate],
    ),
  };
}
