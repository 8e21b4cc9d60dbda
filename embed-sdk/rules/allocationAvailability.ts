/**
 * Whether a practice may allocate payments to procedures (spec part 2, section 6:
 * doesAllocateProcedures; issue 20: Open Dental only). The server refuses its allocation calls with
 * these words and the entry points show them instead of opening the modal: one text, one rule.
 */
export const ALLOCATION_UNAVAILABLE = {
  notOpenDental: 'Procedure allocation is available only when the practice management system is Open Dental.',
  turnedOff: 'Procedure allocation is turned off for this practice (doesAllocateProcedures).',
} as const;

/** The reason allocation is unavailable to a practice, or null when it is available. */
export function allocationUnavailable(practice: {
  gatewayCode: string | null;
  doesAllocateProcedures: boolean;
}): string | null {
  // A practice without a gateway code is Open Dental (spec part 2, section 1).
  if ((practice.gatewayCode || 'OPENDENTAL') !== 'OPENDENTAL') return ALLOCATION_UNAVAILABLE.notOpenDental;
  if (!practice.doesAllocateProcedures) return ALLOCATION_UNAVAILABLE.turnedOff;
  return null;
}
