// @ts-check
// Served to the card-entry frame as a module and imported by the provider's server, so that the
// frame and the server judge a card number by the same rule. Plain JavaScript: browsers load it as is.

/**
 * The Luhn (mod 10) check every card number carries in its last digit.
 * @param {string} digits
 * @returns {boolean}
 */
export function luhnValid(digits) {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
