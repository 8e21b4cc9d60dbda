/**
 * Procedure allocation as the capabilities that open it see it (Associate Transaction, a patient's
 * payment's Allocate): whether the practice may allocate at all, and the modal itself as a component handed in by whoever places both (capabilities do not import each
 * other: the portal hands in <chairside-allocation>'s component, loaded on demand; on a host page the
 * element is placed by its tag, see AllocationElement.tsx).
 */
import type { ComponentType } from 'react';
import type {
  AllocationChosenDetail,
  AllocationClosedDetail,
  AllocationSavedDetail,
} from '../../embed-sdk/events.js';
import { allocationUnavailable } from '../../embed-sdk/rules/allocationAvailability.js';
import { useCurrentCompany } from './practice.js';

export { allocationUnavailable };

export type AllocationAvailability =
  { known: false } | { known: true; available: true } | { known: true; available: false; reason: string };

/** The current practice's answer (unknown until the practice is loaded). */
export function useAllocationAvailability(): AllocationAvailability {
  const practice = useCurrentCompany().data;
  if (!practice) return { known: false };
  const reason = allocationUnavailable(practice);
  return reason === null ? { known: true, available: true } : { known: true, available: false, reason };
}

/**
 * What the allocation modal is opened with. `purpose` 'save' splits the payment across procedures
 * and writes the splits; 'associate' only returns the chosen lines (Associate Transaction saves them
 * with the association).
 */
export interface AllocatorProps {
  /** The patient whose procedures are shown: their patient number in the practice system. */
  customerKey: number;
  /**
   * What may be allocated, in cents. @default what is left of the payment (its amount less its
   * surcharge, less what is on procedures already)
   */
  amount?: number;
  /** The payment it allocates. */
  transactionId: number;
  purpose: 'save' | 'associate';
  onAllocationSaved?: (detail: AllocationSavedDetail) => void;
  onAllocationChosen?: (detail: AllocationChosenDetail) => void;
  onAllocationClosed?: (detail: AllocationClosedDetail) => void;
}

/** The allocation modal, as a capability receives it from whoever places it. */
export type Allocator = ComponentType<AllocatorProps>;
