/** The virtual terminal's words (issue 19, "New payments"): the spec has none of its own. */
import { formatCurrency } from '../../../embed-sdk/format/currency.js';

/** The total shown before charging differs from this card's (the card or the settings changed). */
export function deskTotalChangedMessage(quote: { surchargeAmount: number; total: number }): string {
  const surcharge =
    quote.surchargeAmount > 0
      ? `, including a ${formatCurrency(quote.surchargeAmount)} credit card surcharge`
      : ' (no surcharge applies to this card)';
  return `The total for this card is ${formatCurrency(quote.total)}${surcharge}. Nothing was charged: review the total and charge again.`;
}
