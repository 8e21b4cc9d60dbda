/**
 * Preloaded into a child server (startChildServer's `preload`) by a test that kills it mid-payment:
 * the plan charges of that process stop at the seam CHAIRSIDE_TEST_STOP_AT names (afterClaim or
 * afterCharge, server/transactions/claimedCharge.ts) and never go on, and the file
 * CHAIRSIDE_TEST_STOPPED_FILE is written when one gets there, so that the test knows when to kill.
 * CHAIRSIDE_TEST_STOP_AFTER lets that many charges through first (0 by default): a billing run then
 * stops with part of its work committed.
 */
import fs from 'node:fs';
import { chargeSeam } from '../../server/payment-plans/charges.js';

const seam = process.env.CHAIRSIDE_TEST_STOP_AT;
const stoppedFile = process.env.CHAIRSIDE_TEST_STOPPED_FILE;
let letThrough = Number(process.env.CHAIRSIDE_TEST_STOP_AFTER ?? 0);
if (seam !== 'afterClaim' && seam !== 'afterCharge') throw new Error(`CHAIRSIDE_TEST_STOP_AT: ${seam}`);
if (!stoppedFile) throw new Error('CHAIRSIDE_TEST_STOPPED_FILE is not set');
if (!Number.isInteger(letThrough) || letThrough < 0) throw new Error('CHAIRSIDE_TEST_STOP_AFTER: a count');
chargeSeam[seam] = (pending) => {
  if (letThrough > 0) {
    letThrough--;
    return;
  }
  fs.writeFileSync(stoppedFile, JSON.stringify(pending));
  return new Promise<void>(() => undefined);
};
