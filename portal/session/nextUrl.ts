/**
 * The terms-of-service page continues to `nextUrl` once the terms are accepted. It comes from the
 * address bar, so only a path inside the portal is followed; anything else goes to the dashboard.
 */
export const DEFAULT_NEXT_URL = '/dashboard';

export function safeNextUrl(raw: string | null | undefined): string {
  if (!raw) return DEFAULT_NEXT_URL;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_NEXT_URL;
  // A scheme or host smuggled in after the slash ("/javascript:…" is a path, but never a useful one).
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(value)) return DEFAULT_NEXT_URL;
  if (value === '/terms-of-service' || value.startsWith('/terms-of-service?')) return DEFAULT_NEXT_URL;
  return value;
}

/** The terms page's address for a page the terms gate stopped. */
export function termsUrl(pathAndSearch: string): string {
  return `/terms-of-service?nextUrl=${encodeURIComponent(pathAndSearch)}`;
}
