/**
 * The payment plan's detail modal, loading on demand: a page that lists plans shows without waiting
 * for the modal's code, which comes when a plan is opened (or when `preloadPaymentPlan` asks early).
 */
import { lazyPart } from '../runtime/lazyPart.js';

const part = lazyPart(
  () => import('./PaymentPlan.js'),
  (module) => module.PaymentPlan,
);

/** Starts loading the modal's code (a failure is reported when the modal is opened). */
export const preloadPaymentPlan = part.prefetch;

export const LazyPaymentPlan = part.Component;
