/** POST /api/surcharge: the surcharge for paying an amount with one of the practice's cards on file. */
import * as contract from '../../../embed-sdk/contract/surcharge.js';
import { findCard } from '../../db/savedCards.js';
import { cardSurcharge } from '../../../embed-sdk/rules/cardSurcharge.js';
import { NotFoundError } from '../errors.js';
import { practiceRecord } from '../practiceRecords.js';
import { defineRoute, practiceOf } from '../route.js';

export const surchargeRoutes = [
  defineRoute(contract.surcharge, { access: 'member' }, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const card = await findCard(ctx.db, companyId, body.customerSavedCardId);
    if (!card?.isActive) throw new NotFoundError('The card');
    const company = await practiceRecord(ctx, companyId);
    const { surchargeAmount, total } = cardSurcharge(
      body.amount,
      company,
      card.funding as 'CREDIT' | 'DEBIT',
    );
    return { surchargeAmount, total };
  }),
];
