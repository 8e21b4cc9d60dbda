/**
 * Preloaded into a child server (startChildServer's `preload`) by a test that kills it mid-charge:
 * the card charges of that process stop at the seam CHAIRSIDE_TEST_STOP_AT names (afterClaim,
 * afterCharge or afterRecord, server/transactions/claimedCharge.ts) and never go on, and a line is
 * added to the file CHAIRSIDE_TEST_STOPPED_FILE each time one gets there, so that the test knows
 * when to kill. CHAIRSIDE_TEST_STOP_AFTER lets that many charges through first (0 by default): a
 * billing run then stops with part of its work committed. CHAIRSIDE_TEST_STOP_HOLDERS names whose
 * charges stop (plan, membership, request; `plan` by default): a billing run bills the demo's
 * memberships too, which a test of plans leaves alone.
 */
import fs from 'node:fs';
import { chargeSeam as membershipSeam } from '../../server/memberships/charges.js';
import { chargeSeam as planSeam } from '../../server/payment-plans/charges.js';
import { chargeSeam as requestSeam } from '../../server/transactions/requestCharges.js';

const SEAMS = { plan: planSeam, membership: membershipSeam, request: requestSeam };

const seam = process.env.CHAIRSIDE_TEST_STOP_AT;
const stoppedFile = process.env.CHAIRSIDE_TEST_STOPPED_FILE;
const holders = (process.env.CHAIRSIDE_TEST_STOP_HOLDERS ?? 'plan').split(',');
let letThrough = Number(process.env.CHAIRSIDE_TEST_STOP_AFTER ?? 0);
if (seam !== 'afterClaim' && seam !== 'afterCharge' && seam !== 'afterRecord')
  throw new Error(`CHAIRSIDE_TEST_STOP_AT: ${seam}`);
if (!stoppedFile) throw new Error('CHAIRSIDE_TEST_STOPPED_FILE is not set');
if (!Number.isInteger(letThrough) || letThrough < 0) throw new Error('CHAIRSIDE_TEST_STOP_AFTER: a count');
for (const holder of holders) {
  const seams = SEAMS[holder as keyof typeof SEAMS];
  if (!seams) throw new Error(`CHAIRSIDE_TEST_STOP_HOLDERS: ${holder}`);
  seams[seam] = (pending: unknown) => {
    if (letThrough > 0) {
      letThrough--;
      return;
    }
    fs.appendFileSync(stoppedFile, `${JSON.stringify(pending)}\n`);
    return new Promise<void>(() => undefined);
  };
}
