/** Whether a transaction has settled, as the card provider sees it now. */
import { CardProviderError } from '../card-provider/gateway.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { findPractice } from '../practices/store.js';
import { findTransactionByReference } from './store.js';

export async function settlementOf(ctx: AppContext, practice: PracticeId, referenceId: string) {
  const found = await findTransactionByReference(ctx.db, practice, referenceId);
  if (!found) throw new NotFoundError('The transaction');
  // Cash and checks have nothing to settle: they are refunded, never voided.
  if (found.fundingSource !== 'CARD') return { referenceId: found.referenceId, isSettled: true };
  const company = (await findPractice(ctx.db, practice))!;
  try {
    const isSettled = await ctx.cards.isSettled({
      businessId: company.businessId,
      referenceId: found.referenceId,
    });
    return { referenceId: found.referenceId, isSettled };
  } catch (error) {
    // A payment the provider does not know (taken elsewhere, imported): what was recorded here.
    if (error instanceof CardProviderError && error.status === 404) {
      return { referenceId: found.referenceId, isSettled: found.settledAt !== null };
    }
    return asBusinessError(error, ctx.log);
  }
}
