/**
 * Signs in through the sandbox's real OpenID provider over plain HTTP, as a browser would:
 * authorization request with PKCE, the sign-in form, the code exchange. API tests and the bench
 * use it to get real tokens without a browser.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
}

/** The cookies a browser would keep for the server: pass one to signIn to keep its provider session. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export class SignInError extends Error {}

export async function signIn(
  baseUrl: string,
  email: string,
  password = 'demo',
  opts: { clientId?: string; redirectUri?: string; jar?: CookieJar } = {},
): Promise<Tokens> {
  const clientId = opts.clientId ?? 'chairside-portal';
  const redirectUri = opts.redirectUri ?? `${baseUrl}/`;
  const jar = opts.jar ?? new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    prompt: 'consent',
  }).toString();

  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };

  let res = await go(auth.toString());
  let location = res.headers.get('location');
  if (!location) throw new SignInError(`authorization request answered ${res.status}`);
  const loginUrl = new URL(location, baseUrl).toString();
  res = await go(loginUrl);
  const html = await res.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new SignInError('no sign-in form');
  res = await go(new URL(action.replace(/&amp;/g, '&'), baseUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (res.status !== 303) {
    const text = await res.text();
    const message = /role="alert"[^>]*>([^<]+)</.exec(text)?.[1] ?? `status ${res.status}`;
    throw new SignInError(message);
  }
  // Follow the provider's redirects (resume, maybe consent) until it hands back the code.
  for (let hops = 0; hops < 10; hops++) {
    location = res.headers.get('location');
    if (!location) throw new SignInError(`redirect without location (${res.status})`);
    const next = new URL(location, baseUrl);
    if (next.toString().startsWith(redirectUri) && next.searchParams.has('code')) {
      const code = next.searchParams.get('code')!;
      const token = await fetch(`${baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: clientId,
          redirect_uri: redirectUri,
        }).toString(),
      });
      if (!token.ok) throw new SignInError(`token exchange answered ${token.status}: ${await token.text()}`);
      return (await token.json()) as Tokens;
    }
    if (next.searchParams.has('error'))
      throw new SignInError(next.searchParams.get('error_description') ?? 'error');
    res = await go(next.toString());
  }
  throw new SignInError('too many redirects');
}

export async function refresh(baseUrl: string, refreshToken: string, clientId = 'chairside-portal') {
  const res = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  });
  if (!res.ok) throw new SignInError(`refresh answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Tokens;
}
