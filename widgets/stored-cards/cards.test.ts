import { describe, expect, it } from 'vitest';
import { orderCards, selectedCard } from '../ui/savedCards.js';
import { cardDetail } from './cards.js';
import { shownView } from './dialogView.js';
import { card } from '../ui/testing/cardFixtures.js';

const visa = card({ id: 1, cardType: 'VISA', isDefault: false });
const master = card({ id: 2, cardType: 'MASTERCARD', isDefault: true });
const amex = card({ id: 3, cardType: 'AMERICAN_EXPRESS', isDefault: false });

describe('orderCards', () => {
  it('puts the default card first and keeps the others in the order given', () => {
    expect(orderCards([visa, amex, master]).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(orderCards([amex, visa]).map((c) => c.id)).toEqual([3, 1]);
    expect(orderCards([])).toEqual([]);
  });
});

describe('selectedCard', () => {
  it.each([
    ['the chosen card while the patient has it', 3, 3],
    ['the default card when none was chosen', null, 2],
    ['the default card when the chosen one is gone', 99, 2],
  ])('is %s', (_case, chosen, expected) => {
    expect(selectedCard([visa, master, amex], chosen)?.id).toBe(expected);
  });

  it('is the first card when none is the default, and none without cards', () => {
    expect(selectedCard([amex, visa], null)?.id).toBe(3);
    expect(selectedCard([], 1)).toBeNull();
  });
});

describe('cardDetail', () => {
  it('carries what the provider answered and nothing more', () => {
    expect(cardDetail(master)).toEqual({
      id: 2,
      cardType: 'MASTERCARD',
      description: master.description,
      expMonth: master.expMonth,
      expYear: master.expYear,
      isDefault: true,
    });
  });
});

describe('shownView', () => {
  it.each([
    ['cardList', [visa], 'cardList'],
    ['cardList', [], 'collectCard'],
    ['cardList', undefined, 'loading'],
    ['collectCard', [visa], 'collectCard'],
    ['collectCard', [], 'collectCard'],
    ['sendCard', [], 'sendCard'],
    ['sendCard', undefined, 'sendCard'],
  ] as const)('asked %s with %j cards shows %s', (asked, cards, shown) => {
    expect(shownView(asked, cards)).toBe(shown);
  });
});
