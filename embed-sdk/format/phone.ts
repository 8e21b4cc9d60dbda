/**
 * The spec's phone display: (###) ###-####. Ten digits (with or without separators, with or without
 * the country code 1) are formatted; anything else (an extension, a foreign number) shows as given.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (!/^[\d\s().+-]+$/.test(value)) return value;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
