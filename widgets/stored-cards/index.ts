/**
 * The stored cards' public face: what the portal and the loader's build may use of this capability.
 * <chairside-stored-cards> is `storedCardsDefinition` (its code is element.ts); the portal places
 * `StoredCards` itself (a Stored Cards button, a form's card selector, or the selected card).
 */
export { storedCardsDefinition } from './definition.js';
export { StoredCards, type StoredCardsMode, type StoredCardsProps } from './StoredCards.js';
