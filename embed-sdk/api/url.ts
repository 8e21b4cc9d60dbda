/** The request URL: base, the contract's path, and the query serialised with URLSearchParams. */

type QueryValue = string | number | boolean | bigint | null | undefined;

export function buildUrl(baseUrl: string, path: string, query: unknown): string {
  const url = `${baseUrl}${path}`;
  if (query === null || query === undefined) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
    // Absent means absent: "undefined" or "null" as text would reach the server as a value.
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
