/** Where the arrow keys move the active option of a combobox's list (no wrapping at the ends). */

export type Move = 'next' | 'previous';

export function moveActive(ids: readonly string[], current: string | null, move: Move): string | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return move === 'next' ? ids[0]! : ids[ids.length - 1]!;
  const next = move === 'next' ? Math.min(at + 1, ids.length - 1) : Math.max(at - 1, 0);
  return ids[next]!;
}
