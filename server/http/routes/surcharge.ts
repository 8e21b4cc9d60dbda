/** POST /api/surcharge: the surcharge for paying an amount with one of the practice's cards on file. */
import * as contract from '../../../embed-sdk/contract/surcharge.js';
import { surchargeWithCard } from '../../saved-cards/cards.js';
import { defineRoute, practiceOf } from '../route.js';

export const surchargeRoutes = [
  defineRoute(contract.surcharge, { access: 'member' }, async ({ ctx, caller, body }) =>
    surchargeWithCard(ctx, practiceOf(caller), { cardId: body.customerSavedCardId, amount: body.amount }),
  ),
];
