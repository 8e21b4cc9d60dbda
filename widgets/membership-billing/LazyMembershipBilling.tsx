/**
 * The membership modal, loading on demand: a page that lists memberships shows without waiting for
 * the modal's code, which comes when a membership is opened (or when `preloadMembershipBilling`
 * asks early).
 */
import { lazyPart } from '../runtime/lazyPart.js';

const part = lazyPart(
  () => import('./MembershipBilling.js'),
  (module) => module.MembershipBilling,
);

/** Starts loading the modal's code (a failure is reported when the modal is opened). */
export const preloadMembershipBilling = part.prefetch;

export const LazyMembershipBilling = part.Component;
