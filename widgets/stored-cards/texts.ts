/** The stored cards' words. Those quoted in the spec are the product's and stay verbatim. */
import { ADD_CARD_TEXT, CARD_DIALOG_TEXT } from '../ui/cardDialogTexts.js';

export const TEXT = {
  // The three modes.
  storedCards: 'Stored Cards',
  changeCard: 'Change Card',
  cardField: 'Card on file',
  /** Mode 1 with no card on file: the spec's required message, the button that adds one. */
  addACard: 'Add a Card',
  cardRequired: 'The patient has no card on file yet. Add one to continue.',
  noCard: 'No card on file',
  loadingCards: 'Loading cards…',
  cardsFailed: 'The stored cards could not be loaded.',
  tryAgain: 'Try again',

  // The dialog (Add New Card's words are widgets/ui's, the one Add New Card's).
  close: CARD_DIALOG_TEXT.close,
  back: ADD_CARD_TEXT.back,
  cardsLabel: 'Cards on file',
  defaultCard: 'Default',
  selected: 'Selected',
  select: 'Select',
  makeDefault: 'Make Default',
  remove: 'Remove',
  addNewCard: ADD_CARD_TEXT.title,
  sendNotification: ADD_CARD_TEXT.sendNotification,
  expires: (expiry: string) => `Expires ${expiry}`,

  // Asking the patient for a card.
  cardRequest: 'Card Request',
  loadingContact: 'Loading the patient’s contact details…',
  cardRequestHint: 'The patient gets a link to a page where they store their card themselves.',
  sendRequest: 'Send Request',

  // Messages (spec section 8).
  associatedCardTitle: 'Associated Card',
  associatedCard: 'This card is associated with an active payment plan or membership.',
  removeCardTitle: 'Remove Card',
  removeCardConfirm: 'Are you sure you want to remove this card?',
  cardRequestSentTitle: 'Card Request Sent',
  cardRequestSent: 'The patient has been sent a request to store their card.',
  deletedTitle: 'Deleted',
  deleted: 'The selected card has been deleted.',
} as const;
