/** The spec's currency display: dollar sign in front, comma thousands, 2 decimals ('-$12.00'). */
import { splitCents } from './cents.js';

/** Integer cents → '$1,234.50'. Empty for a missing amount. */
export function formatCurrency(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const { negative, dollars, cents: rest } = splitCents(cents);
  const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${rest}`;
}
