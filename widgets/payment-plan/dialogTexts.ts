/** The words of the dialogs the modal opens: Payment Plan Payment and the card picker's hints. */

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

/** The card picker's hints (ui/CardPickerDialog.tsx has its other words). */
export const CARD_HINTS = {
  automate: 'The plan’s payments will be charged to this card on their billing dates.',
  change: 'The plan’s next payments will be charged to this card.',
} as const;
