// @ts-check
// Card brands by number prefix, with the facts the fields need (lengths, security-code length and
// where the spaces go). Shared by the frame (formatting as you type) and the server (tokenizing).

/**
 * @typedef {'VISA' | 'AMERICAN_EXPRESS' | 'DINERS_CLUB' | 'JCB' | 'MASTERCARD' | 'DISCOVER'} CardBrand
 * @typedef {{ brand: CardBrand, lengths: number[], cvcLength: number, gaps: number[] }} BrandRules
 */

/**
 * Inclusive prefix ranges per brand. A range is compared on as many leading digits as it has, so a
 * partly typed number already shows its brand once its prefix is unambiguous.
 * @type {{ brand: CardBrand, ranges: [string, string][] }[]}
 */
const PREFIXES = [
  {
    brand: 'AMERICAN_EXPRESS',
    ranges: [
      ['34', '34'],
      ['37', '37'],
    ],
  },
  {
    brand: 'DINERS_CLUB',
    ranges: [
      ['300', '305'],
      ['36', '36'],
      ['38', '39'],
    ],
  },
  { brand: 'JCB', ranges: [['3528', '3589']] },
  {
    brand: 'MASTERCARD',
    ranges: [
      ['51', '55'],
      ['2221', '2720'],
    ],
  },
  {
    brand: 'DISCOVER',
    ranges: [
      ['6011', '6011'],
      ['644', '649'],
      ['65', '65'],
      ['622126', '622925'],
    ],
  },
  { brand: 'VISA', ranges: [['4', '4']] },
];

/** @type {Record<CardBrand, BrandRules>} */
export const BRAND_RULES = {
  VISA: { brand: 'VISA', lengths: [13, 16, 19], cvcLength: 3, gaps: [4, 8, 12] },
  MASTERCARD: { brand: 'MASTERCARD', lengths: [16], cvcLength: 3, gaps: [4, 8, 12] },
  AMERICAN_EXPRESS: { brand: 'AMERICAN_EXPRESS', lengths: [15], cvcLength: 4, gaps: [4, 10] },
  DISCOVER: { brand: 'DISCOVER', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: [4, 8, 12] },
  DINERS_CLUB: { brand: 'DINERS_CLUB', lengths: [14, 16, 17, 18, 19], cvcLength: 3, gaps: [4, 10] },
  JCB: { brand: 'JCB', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: [4, 8, 12] },
};

/** Short names for the frame's brand badge. */
/** @type {Record<CardBrand, string>} */
export const BRAND_NAMES = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'Amex',
  DISCOVER: 'Discover',
  DINERS_CLUB: 'Diners Club',
  JCB: 'JCB',
};

/**
 * The brand a (possibly partial) card number belongs to, or null when its prefix is unknown or
 * still ambiguous.
 * @param {string} digits
 * @returns {CardBrand | null}
 */
export function detectBrand(digits) {
  if (!/^\d+$/.test(digits)) return null;
  for (const { brand, ranges } of PREFIXES) {
    for (const [low, high] of ranges) {
      if (digits.length < low.length) continue;
      const head = digits.slice(0, low.length);
      if (head >= low && head <= high) return brand;
    }
  }
  return null;
}

/**
 * Groups the digits the way the card prints them ("4111 1111 1111 1111", "3782 822463 10005").
 * @param {string} digits
 * @returns {string}
 */
export function formatCardNumber(digits) {
  const brand = detectBrand(digits);
  const gaps = brand ? BRAND_RULES[brand].gaps : [4, 8, 12];
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/**
 * The longest number a brand issues: the field stops accepting digits there.
 * @param {CardBrand | null} brand
 * @returns {number}
 */
export function maxCardNumberLength(brand) {
  return brand ? Math.max(...BRAND_RULES[brand].lengths) : 19;
}

/**
 * The security code's length: 4 for American Express, 3 for the others.
 * @param {CardBrand | null} brand
 * @returns {number}
 */
export function cvcLength(brand) {
  return brand ? BRAND_RULES[brand].cvcLength : 3;
}
