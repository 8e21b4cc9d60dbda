/**
 * The stored-cards calls of the sandbox, in memory, for one patient at a time: list (default first,
 * then newest), tokenize (a nonce becomes a Visa unless it names another brand), InActivate (refused
 * for cards an active plan uses), makeDefault, sendCardRequest and getCustomer.
 */
import type { CardType } from '../../../embed-sdk/contract/common.js';
import type { Customer } from '../../../embed-sdk/contract/patient.js';
import type { SavedCard } from '../../../embed-sdk/contract/savedCard.js';
import { ok, refused, type FakeHandler } from './fakeSdk.js';
import { BRIGHT_SMILES, card, MARIA } from './cardFixtures.js';

export function fakeCardServer(
  initial: SavedCard[],
  options: { customers?: Customer[]; associated?: number[] } = {},
) {
  let cards = [...initial];
  let nextId = 100;
  const customers = options.customers ?? [MARIA];
  const associated = new Set(options.associated ?? []);
  const ordered = () => [...cards.filter((c) => c.isDefault), ...cards.filter((c) => !c.isDefault)];

  const handlers: Record<string, FakeHandler> = {
    '/api/company/current': () => ok(BRIGHT_SMILES),
    '/api/customerSavedCard/customerSavedCards': () => ok(ordered()),
    '/api/customerSavedCard/tokenize': ({ body }) => {
      const { nonce, isDefault } = body as { nonce: string; isDefault: boolean };
      if (nonce === 'used') return refused('This card form has expired. Enter the card again.');
      const brand = (/^nonce-([A-Z_]+)$/.exec(nonce)?.[1] as CardType | undefined) ?? 'VISA';
      const makeDefault = isDefault || cards.length === 0;
      if (makeDefault) cards = cards.map((c) => ({ ...c, isDefault: false }));
      const stored = card({
        id: nextId++,
        cardType: brand,
        isDefault: makeDefault,
        expMonth: 4,
        expYear: 2031,
      });
      cards = [stored, ...cards];
      return ok(stored);
    },
    '/api/customerSavedCard/InActivate': ({ body }) => {
      const id = (body as { Id: number }).Id;
      if (associated.has(id))
        return ok({ hasMembershipPaymentPlans: true, deleted: false, cards: ordered() });
      const removed = cards.find((c) => c.id === id);
      cards = cards.filter((c) => c.id !== id);
      if (removed?.isDefault && cards[0]) cards[0] = { ...cards[0], isDefault: true };
      return ok({ hasMembershipPaymentPlans: false, deleted: true, cards: ordered() });
    },
    '/api/customerSavedCard/makeDefault': ({ body }) => {
      const id = (body as { Id: number }).Id;
      cards = cards.map((c) => ({ ...c, isDefault: c.id === id }));
      return ok(ordered());
    },
    '/api/customer/sendCardRequest': ({ body }) => {
      const b = body as { notifyText: boolean; notifyEmail: boolean };
      return ok({
        id: 7,
        sentBy: [...(b.notifyText ? ['TEXT'] : []), ...(b.notifyEmail ? ['EMAIL'] : [])],
      });
    },
    '/api/customer/getCustomer': ({ query }) => {
      const found = customers.find((c) => c.id === Number(query?.id));
      return found ? ok(found) : refused('The customer was not found.');
    },
  };
  return { handlers, cards: () => ordered() };
}
