/**
 * Cards on file: list, store from a nonce, remove, make default; the card request a patient answers
 * through a link. The flows are in server/saved-cards/.
 */
import * as contract from '../../../embed-sdk/contract/savedCard.js';
import { cardRequestPage, sendCardRequest, storeCardThroughLink } from '../../saved-cards/cardRequests.js';
import {
  customerCards,
  makeDefaultCard,
  removeCustomerCard,
  storeCardFromNonce,
} from '../../saved-cards/cards.js';
import { answerPrivately } from '../privateAnswer.js';
import { defineRoute, practiceOf } from '../route.js';

const editing = { access: { anyRole: [...contract.CARD_EDIT_ROLES] } };

export const savedCardRoutes = [
  defineRoute(contract.customerSavedCards, { access: 'member' }, async ({ ctx, caller, query }) =>
    customerCards(ctx, practiceOf(caller), query.customerId),
  ),

  defineRoute(contract.tokenize, editing, async ({ ctx, caller, body }) =>
    storeCardFromNonce(ctx, practiceOf(caller), body),
  ),

  defineRoute(contract.inactivate, editing, async ({ ctx, caller, body }) =>
    removeCustomerCard(ctx, practiceOf(caller), { customerId: body.customerId, cardId: body.Id }),
  ),

  defineRoute(contract.makeDefault, editing, async ({ ctx, caller, body }) =>
    makeDefaultCard(ctx, practiceOf(caller), { customerId: body.customerId, cardId: body.Id }),
  ),

  defineRoute(contract.sendCardRequest, editing, async ({ ctx, caller, body }) =>
    sendCardRequest(ctx, practiceOf(caller), caller, body),
  ),

  // ── The patient's side: no sign-in, the link's token is the key ──────────────────────────────

  defineRoute(contract.publicCardRequest, { access: 'public' }, async ({ ctx, query, reply }) => {
    answerPrivately(reply);
    return cardRequestPage(ctx, query.token);
  }),

  defineRoute(contract.publicStoreCard, { access: 'public' }, async ({ ctx, body, reply }) => {
    answerPrivately(reply);
    return storeCardThroughLink(ctx, body.token, body.nonce);
  }),
];
