/**
 * An embed origin: where a partner's page that embeds Chairside lives. Exactly `scheme://host` or
 * `scheme://host:port` with an http or https scheme: what a browser sends as `Origin`, and what CORS,
 * the sign-in redirects and the card frame compare with. The practice's settings and the server's
 * OIDC_REDIRECT_ORIGINS are checked with the same rule.
 */

/** What is wrong with `text` as an origin, for a person to fix; null when it is one. */
export function originProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter an origin, such as https://intranet.example.com.';
  if (!/^https?:\/\//i.test(value)) return 'The origin must start with http:// or https://.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The origin must be scheme://host or scheme://host:port, such as https://intranet.example.com.';
  }
  if (url.username || url.password || value.slice(url.protocol.length + 2).includes('@')) {
    return 'The origin must not contain a user name or password.';
  }
  // The URL parser drops an empty query or fragment, so look at the text too.
  const rest = value.slice(value.indexOf('//') + 2);
  const afterHost = rest.slice(rest.search(/[/?#]|$/));
  if (afterHost !== '' && afterHost !== '/') {
    return 'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.';
  }
  if (!url.hostname) return 'The origin must name a host.';
  if (url.hostname.includes('*')) return 'The origin must name one host: wildcards are not allowed.';
  return null;
}

/** The origin as browsers send it: lower-case scheme and host, no default port, no trailing slash. */
export function normalizeOrigin(text: string): string {
  return new URL(text.trim()).origin;
}
