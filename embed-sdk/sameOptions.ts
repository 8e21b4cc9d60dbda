/**
 * Whether two `init` option objects say the same thing. Functions (auth.getToken) count as the same
 * only when they are the same function: two different callbacks may well fetch different tokens.
 */
export function sameOptions(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameOptions((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
