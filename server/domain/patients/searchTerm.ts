/**
 * How a search term is read: a patient number, a phone number, an e-mail, a full name ("Maria
 * Garcia" or "Garcia, Maria") or the start of a name. Pure, so the rules are table-tested.
 */

export type SearchTerm =
  | { kind: 'number'; patNum: number; digits: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'fullName'; first: string; last: string }
  | { kind: 'name'; prefix: string };

export function parseSearchTerm(raw: string): SearchTerm {
  const term = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (term.includes('@')) return { kind: 'email', prefix: term };
  const digits = term.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(term) && digits.length > 0) {
    if (/^\d{1,9}$/.test(term)) return { kind: 'number', patNum: Number(term), digits };
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    return { kind: 'phone', digits: national };
  }
  const comma = /^([^,]+),\s*(.+)$/.exec(term);
  if (comma) return { kind: 'fullName', first: comma[2]!.trim(), last: comma[1]!.trim() };
  const words = term.split(' ');
  if (words.length >= 2) return { kind: 'fullName', first: words[0]!, last: words.slice(1).join(' ') };
  return { kind: 'name', prefix: term };
}

const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that start with `prefix` (its % and _ taken literally). */
export function likePrefix(prefix: string): string {
  return `${literally(prefix)}%`;
}

/** A LIKE pattern matching values that contain `text` anywhere (its % and _ taken literally). */
export function likeAnywhere(text: string): string {
  return `%${literally(text)}%`;
}
