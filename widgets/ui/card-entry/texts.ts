/** The card-entry frame's words and height (spec: 155 px), apart from its code so texts stay light. */
export const CARD_FRAME_HEIGHT = 155;

export const CARD_ENTRY_TEXT = {
  noStoredCards: "This patient doesn't currently have any stored cards. Please add a card below.",
  addCard: 'Add Card',
  makeNewCardDefault: 'Make this the default card',
  frameError: 'Please make sure all fields are entered correctly',
  frameLoading: 'Loading the card form…',
  frameFailed: 'The card form could not load.',
} as const;
