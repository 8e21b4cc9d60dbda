/**
 * When the test provider settles a sale. Like a real processor it closes one batch a day at a fixed
 * local cut-off; a sale is unsettled (voidable) until the first cut-off after it, then settled
 * (refundable). Times come from the sandbox clock, so moving the clock forward settles sales.
 */

/** The daily batch cut-off, in the server's local time. */
export const BATCH_CUT_OFF_HOUR = 20;

/** The first batch cut-off strictly after `createdAt`. */
export function settlementCutOff(createdAt: Date): Date {
  const cutOff = new Date(createdAt);
  cutOff.setHours(BATCH_CUT_OFF_HOUR, 0, 0, 0);
  if (cutOff.getTime() <= createdAt.getTime()) {
    // Move by calendar day rather than 24 hours, so a daylight-saving change keeps the cut-off at 20:00.
    cutOff.setDate(cutOff.getDate() + 1);
    cutOff.setHours(BATCH_CUT_OFF_HOUR, 0, 0, 0);
  }
  return cutOff;
}

export function isSettled(createdAt: Date, now: Date): boolean {
  return now.getTime() >= settlementCutOff(createdAt).getTime();
}
