/**
 * PostgreSQL's text cannot hold a NUL character, so a string carrying one would fail deep in a
 * query. Every request's query and body are checked for it once, before validation, and the first
 * field that carries one is named in the 400. It recurses: a body reaches it only once its nesting
 * was checked on the raw text (http/jsonBody.ts), and a query string does not nest.
 */
export function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here.replaceAll('\u0000', '\\0');
      const found = fieldWithNul(item, here);
      if (found) return found;
    }
  }
  return null;
}
