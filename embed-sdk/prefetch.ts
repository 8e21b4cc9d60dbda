/**
 * Early requests: the loader starts a widget's first GETs the moment the element appears, in
 * parallel with downloading the widget's code, and the SDK's fetch picks the answers up when the
 * widget asks for the same thing. Without this, a widget's first data waits for its code to load,
 * run and ask (render-as-you-fetch instead of fetch-on-render).
 *
 * The loader (a classic script) and the SDK (module chunks) are separate bundles, so they meet on a
 * page-wide registry under a global symbol. An answer is used at most once, only for the same URL
 * and the same access token, and only while fresh; anything else is fetched as usual. Hand-written:
 * no library shares in-flight fetches between two separately bundled scripts.
 */
import { buildUrl } from './api/url.js';

/** How long an early answer may wait for the widget to ask: longer, and it is not used. */
export const PREFETCH_TTL_MS = 15_000;

/** A GET a widget makes on its first render, as data (see WidgetDefinition.prefetch). */
export interface PrefetchRule {
  /** The endpoint's path, e.g. '/api/company/current'. */
  path: string;
  /** Query parameter → the attribute whose (trimmed) value it takes; empty attributes are left out. */
  query?: Record<string, string>;
  /** Attributes that must be non-empty for the widget to make this call. */
  requires?: readonly string[];
  /** Sent without the access token (the server's public configuration). */
  public?: boolean;
}

interface Entry {
  response: Promise<Response>;
  authorization: string | null;
  at: number;
}

const REGISTRY = Symbol.for('chairside.prefetched');

function registry(): Map<string, Entry> {
  const holder = globalThis as unknown as { [REGISTRY]?: Map<string, Entry> };
  return (holder[REGISTRY] ??= new Map());
}

/** The URL the rule's call will have for these attributes, or null when the widget will not make it. */
export function prefetchUrl(
  apiBaseUrl: string,
  rule: PrefetchRule,
  attributes: Record<string, string | undefined>,
): string | null {
  const value = (name: string) => attributes[name]?.trim() || undefined;
  if (rule.requires?.some((name) => value(name) === undefined)) return null;
  const query = rule.query
    ? Object.fromEntries(Object.entries(rule.query).map(([param, attribute]) => [param, value(attribute)]))
    : undefined;
  return buildUrl(apiBaseUrl.replace(/\/+$/, ''), rule.path, query);
}

/** Starts a GET now unless the same one is already waiting. */
export function prefetch(url: string, token: string | null, fetchImpl: typeof fetch = fetch): void {
  const entries = registry();
  const authorization = token ? `Bearer ${token}` : null;
  const existing = entries.get(url);
  if (existing && existing.authorization === authorization && Date.now() - existing.at < PREFETCH_TTL_MS)
    return;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;
  const response = fetchImpl(url, { headers, credentials: token ? 'include' : 'same-origin' });
  // Nobody may ever ask (the widget was removed): a failure must not become an unhandled rejection.
  response.catch(() => undefined);
  entries.set(url, { response, authorization, at: Date.now() });
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = init?.headers;
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  if (Array.isArray(headers)) return headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? null;
  const match = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return match ? match[1] : null;
}

/**
 * The early answer for this request, taken (it is used once), or null. Only plain GETs without a
 * body match, with the same Authorization header; a stale entry is dropped.
 */
export function takePrefetched(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | null {
  const entries = registry();
  if (entries.size === 0 || typeof input !== 'string') return null;
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET' || init?.body) return null;
  const entry = entries.get(input);
  if (!entry) return null;
  entries.delete(input);
  if (Date.now() - entry.at >= PREFETCH_TTL_MS) return null;
  if (entry.authorization !== headerOf(init, 'authorization')) return null;
  return entry.response;
}

/** A fetch that answers from an early request when there is one, and fetches otherwise. */
export function withPrefetched(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const early = takePrefetched(input, init);
    if (!early) return fetchImpl(input, init);
    init?.signal?.throwIfAborted();
    // An early request that failed (offline for a moment) is simply made again.
    return early.catch(() => fetchImpl(input, init));
  };
}
