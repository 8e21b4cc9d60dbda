/**
 * Props → everything the stored cards render: the patient's cards in order, the selected card (and
 * the element's `value`, kept current for a host form), the dialog's view, and what selecting,
 * storing, removing and requesting a card do. No markup here (renderStoredCards).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { CardRequestSentDetail } from '../../embed-sdk/events.js';
import { useWidgetHost } from '../runtime/WidgetHostContext.js';
import { orderCards, selectedCard, useSavedCards } from '../ui/savedCards.js';
import { cardDetail } from './cards.js';
import type { DialogView } from './dialogView.js';
import { useStoredCardsDialog } from './LazyStoredCardsDialog.js';
import { chosenCardIdAtom, dialogViewAtom } from './storedCards.atoms.js';
import type { StoredCardsProps } from './StoredCards.types.js';
import { useCardChanges, useLiveCards } from './useStoredCardsData.js';

/** The element's `value` property (its accessor mirrors it to the attribute, runtime/element.ts). */
type ValueHost = HTMLElement & { value?: string };

export function useStoredCardsState(props: StoredCardsProps) {
  const {
    customerId,
    mode = 3,
    value,
    onCardSelected,
    onCardSaved,
    onCardRemoved,
    onCardRequestSent,
  } = props;
  const { element } = useWidgetHost();
  const cardsQuery = useSavedCards(customerId);
  useLiveCards(customerId);
  const { refresh } = useCardChanges(customerId);
  const cards = useMemo(() => (cardsQuery.data ? orderCards(cardsQuery.data) : undefined), [cardsQuery.data]);
  const [view, setView] = useAtom(dialogViewAtom);
  const [chosenId, setChosenId] = useAtom(chosenCardIdAtom);
  const selected = cards ? selectedCard(cards, chosenId) : null;
  const selectedId = selected?.id ?? null;

  // ── The element's value, in and out ──
  /** What this widget last wrote to `value`: its echo through the attribute is not a new choice. */
  const written = useRef<string | undefined>(undefined);
  const writeValue = useCallback(
    (id: number | null) => {
      const host = element as ValueHost | null;
      if (!host) return;
      const text = id === null ? '' : String(id);
      written.current = text;
      if (host.value !== text) host.value = text;
    },
    [element],
  );

  // A value given from outside (the attribute or the property) is a choice.
  const lastValue = useRef(value);
  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    if (value !== undefined && String(value) !== written.current) setChosenId(value);
  }, [value, setChosenId]);

  /** The selection last announced; undefined until the cards first arrive (that one is not announced). */
  const announced = useRef<number | null | undefined>(undefined);

  // Another patient: a fresh start (their default card, a closed dialog).
  const lastCustomer = useRef(customerId);
  useEffect(() => {
    if (customerId === lastCustomer.current) return;
    lastCustomer.current = customerId;
    announced.current = undefined;
    setChosenId(null);
    setView(null);
  }, [customerId, setChosenId, setView]);

  // The selection moves with the cards (a first card stored, the selected one removed): `value`
  // follows, and the host hears of it.
  useEffect(() => {
    if (!cards) return;
    writeValue(selectedId);
    if (announced.current === undefined) {
      announced.current = selectedId;
      return;
    }
    if (announced.current === selectedId) return;
    announced.current = selectedId;
    const card = cards.find((c) => c.id === selectedId) ?? null;
    onCardSelected?.({ customerId, card: card && cardDetail(card) });
  }, [cards, selectedId, writeValue, onCardSelected, customerId]);

  // ── The dialog ──
  const [engaged, setEngaged] = useState(false);
  const engage = useCallback(() => setEngaged(true), []);
  const dialogLoaded = useStoredCardsDialog(engaged || view !== null);

  const open = useCallback(() => {
    setView('cardList');
    void refresh();
  }, [setView, refresh]);
  const close = useCallback(() => setView(null), [setView]);
  const changeView = useCallback((next: DialogView) => setView(next), [setView]);

  const select = useCallback(
    (card: SavedCard) => {
      setChosenId(card.id);
      announced.current = card.id;
      writeValue(card.id);
      onCardSelected?.({ customerId, card: cardDetail(card) });
      setView(null);
    },
    [setChosenId, writeValue, onCardSelected, customerId, setView],
  );

  /**
   * A stored card is the one the person wants now: it becomes the selected card. A card field
   * (modes 1 and 2) was opened to choose a card, so the dialog closes with it chosen, as Select
   * does; the Stored Cards button (mode 3) manages the cards, and goes back to the list.
   */
  const saved = useCallback(
    (card: SavedCard) => {
      setChosenId(card.id);
      onCardSaved?.({ customerId, card: cardDetail(card) });
      setView(mode === 3 ? 'cardList' : null);
    },
    [setChosenId, onCardSaved, customerId, setView, mode],
  );

  const removed = useCallback(
    (card: SavedCard) => onCardRemoved?.({ customerId, card: cardDetail(card) }),
    [onCardRemoved, customerId],
  );

  const requestSent = useCallback(
    (detail: Omit<CardRequestSentDetail, 'customerId'>) => {
      onCardRequestSent?.({ customerId, ...detail });
      setView(null); // a successful request closes the dialog
    },
    [onCardRequestSent, customerId, setView],
  );

  return {
    customerId,
    mode,
    cards,
    cardsFailed: cardsQuery.error !== undefined && cards === undefined,
    retry: refresh,
    selected,
    /** Mode 1: the patient has no card, and the field requires one. */
    missingCard: mode === 1 && cards !== undefined && cards.length === 0,
    view,
    dialogLoaded: dialogLoaded || view !== null,
    engage,
    open,
    close,
    changeView,
    select,
    saved,
    removed,
    requestSent,
  };
}

export type StoredCardsState = ReturnType<typeof useStoredCardsState>;
