/**
 * <chairside-stored-cards>, and the same component placed directly by the portal: a patient's cards
 * on file in one of three modes, and the dialog that manages them. It composes its state hook and
 * its render; its UI state lives in a Jotai store of its own.
 */
import { Provider as JotaiProvider } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { chosenCardIdAtom } from './storedCards.atoms.js';
import type { StoredCardsProps } from './StoredCards.types.js';
import { StoredCardsView } from './renderStoredCards.js';
import { useStoredCardsState } from './useStoredCardsState.js';

export type { StoredCardsMode, StoredCardsProps } from './StoredCards.types.js';

function StoredCardsBody(props: StoredCardsProps) {
  useHydrateAtoms([[chosenCardIdAtom, props.value ?? null]] as const);
  const state = useStoredCardsState(props);
  return <StoredCardsView state={state} />;
}

export function StoredCards(props: StoredCardsProps) {
  return (
    <JotaiProvider>
      <StoredCardsBody {...props} />
    </JotaiProvider>
  );
}
