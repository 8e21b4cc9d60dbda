/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean;
