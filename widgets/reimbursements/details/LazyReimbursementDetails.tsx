/** The list's details modal loads when a person first opens one (or points at a date, ahead of it). */
import { lazyPart } from '../../runtime/lazyPart.js';

export const detailsModalPart = lazyPart(
  () => import('./ReimbursementDetails.js'),
  (module) => module.ReimbursementDetails,
);

export const LazyReimbursementDetails = detailsModalPart.Component;
