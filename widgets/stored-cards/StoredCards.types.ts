import type {
  CardRemovedDetail,
  CardRequestSentDetail,
  CardSavedDetail,
  CardSelectedDetail,
} from '../../embed-sdk/events.js';

export type StoredCardsMode = 1 | 2 | 3;

/** The stored cards' props: the element's attributes, parsed, and its events as callbacks. */
export interface StoredCardsProps {
  /** The patient's Chairside customer id. */
  customerId: number;
  /**
   * 1: a form field that requires a card; 2: the selected card, read-only, with Change Card;
   * 3: a Stored Cards button.
   * @default 3
   */
  mode?: StoredCardsMode;
  /** The card to select at first (its id); the default card when absent or no longer on file. */
  value?: number;
  /** The selected card changed (not sent for the card selected on load). */
  onCardSelected?: (detail: CardSelectedDetail) => void;
  /** A card was stored from the card-entry frame. */
  onCardSaved?: (detail: CardSavedDetail) => void;
  /** A card was removed. */
  onCardRemoved?: (detail: CardRemovedDetail) => void;
  /** The patient was sent a request to store a card. */
  onCardRequestSent?: (detail: CardRequestSentDetail) => void;
}
