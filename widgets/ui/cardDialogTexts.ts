/**
 * The words of the dialogs about a patient's cards (their title's close button, Add New Card), apart
 * from their code so that a capability's texts can reuse them and stay light. The card-entry
 * frame's own words: card-entry/texts.ts.
 */
export const CARD_DIALOG_TEXT = { close: 'Close' } as const;

/** Add New Card's words. */
export const ADD_CARD_TEXT = {
  title: 'Add New Card',
  back: 'Back',
  cancel: 'Cancel',
  firstCardIsDefault: 'A patient’s first card is always their default card.',
  sendNotification: 'Send a notification',
} as const;
