/** How the provider shows a stored card: only the last four digits, as on a receipt. */
export function maskedDescription(last4: string): string {
  return `•••• ${last4}`;
}

/** The last four digits of a card number (digits only). */
export function lastFour(digits: string): string {
  return digits.slice(-4);
}
