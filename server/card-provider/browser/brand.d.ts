export type CardBrand = 'VISA' | 'AMERICAN_EXPRESS' | 'DINERS_CLUB' | 'JCB' | 'MASTERCARD' | 'DISCOVER';

export interface BrandRules {
  brand: CardBrand;
  /** The number lengths the brand issues. */
  lengths: number[];
  cvcLength: number;
  /** Digit positions before which a space is shown. */
  gaps: number[];
}

export const BRAND_RULES: Readonly<Record<CardBrand, BrandRules>>;
/** Short names for the frame's brand badge. */
export const BRAND_NAMES: Readonly<Record<CardBrand, string>>;
/** The brand of a (possibly partial) card number, or null when its prefix is unknown or ambiguous. */
export function detectBrand(digits: string): CardBrand | null;
/** Groups the digits the way the card prints them ("4111 1111 1111 1111", "3782 822463 10005"). */
export function formatCardNumber(digits: string): string;
/** The longest number a brand issues (19 when the brand is not known yet). */
export function maxCardNumberLength(brand: CardBrand | null): number;
/** The security code's length: 4 for American Express, 3 for the others. */
export function cvcLength(brand: CardBrand | null): number;
