/**
 * The stored cards' form selector (mode 1) as the portal hands it to a form that bills a card on file
 * (New Payment Plan, New Membership): capabilities do not import each other, so the page that places
 * both puts one inside the other. It loads on demand.
 */
import type { ComponentProps } from 'react';
import { lazyPart } from '../../widgets/runtime/lazyPart.js';
import type { CardSelector } from '../../widgets/ui/savedCards.js';

export const storedCards = lazyPart(
  () => import('../../widgets/stored-cards/index.js'),
  (module) => module.StoredCards,
);

/** The patient's cards, and Add a Card. */
export function StoredCardSelector(props: ComponentProps<CardSelector>) {
  return <storedCards.Component mode={1} {...props} />;
}
