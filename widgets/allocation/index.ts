/**
 * The allocation's public face: what the portal and the loader's build may use of this capability.
 * <chairside-allocation> is `allocationDefinition` (its code is element.ts); the portal hands
 * `Allocation` (loaded on demand) to the places that open it.
 */
export { allocationDefinition } from './definition.js';
export { Allocation, type AllocationProps } from './Allocation.js';
