/** The words of the dialogs the modal opens: Payment Plan Payment and the card picker. */

/** The Payment Plan Payment dialog's words. */
export const PAYMENT_TEXT = {
  title: 'Payment Plan Payment',
  type: 'Transaction Type',
  types: { CARDONFILE: 'Card on File', CASH: 'Cash', CHECK: 'Check', ADJ: 'Adjustment' },
  amount: 'Amount',
  card: 'Card',
  chooseCard: 'Choose a card',
  addNewCard: 'Add New Card',
  loadingCards: 'Loading cards…',
  checkNumber: 'Check Number',
  note: 'Note',
  surcharge: 'Surcharge',
  total: 'Total',
  surchargeFailed: 'The surcharge could not be looked up.',
  balance: (amount: string) => `Balance ${amount}`,
  pastDue: (amount: string) => `past due ${amount}`,
  description: 'Description',
  adjustmentAmount: 'Adjustment Amount',
  adjustmentType: 'Adjustment',
  credit: 'Remove the amount from the balance',
  debit: 'Add the amount to the balance',
  cancel: 'Cancel',
  process: 'Process Payment',
  addAdjustment: 'Add Adjustment',
  declinedTitle: 'Transaction Declined',
  declined: 'The card was declined.',
} as const;

/** The card picker's words (Automate with Card, Change Card, Add New Card). */
export const CARD_TEXT = {
  automateTitle: 'Automate with Card',
  changeTitle: 'Change Card',
  addTitle: 'Add New Card',
  cards: 'Cards on file',
  defaultCard: 'Default',
  current: 'Current card',
  addNewCard: 'Add New Card',
  useCard: 'Use This Card',
  automate: 'Automate with Card',
  cancel: 'Cancel',
  back: 'Back',
  addCard: 'Add Card',
  loadingCards: 'Loading cards…',
  cardsFailed: 'The stored cards could not be loaded.',
  tryAgain: 'Try again',
  noStoredCards: "This patient doesn't currently have any stored cards. Please add a card below.",
  makeDefault: 'Make this the default card',
  frameError: 'Please make sure all fields are entered correctly',
  frameLoading: 'Loading the card form…',
  frameFailed: 'The card form could not load.',
  automateHint: 'The plan’s payments will be charged to this card on their billing dates.',
  changeHint: 'The plan’s next payments will be charged to this card.',
} as const;

/** The card-entry frame's height (spec: 155 px). */
export const CARD_FRAME_HEIGHT = 155;
