/**
 * Requests from another client address on this machine (127.0.0.2, 127.0.0.3…: the whole loopback
 * block answers on Linux), for tests of per-address limits. `fetch` cannot choose its source
 * address, so this goes through node:http.
 */
import http from 'node:http';

export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * One sign-in form of the identity provider, opened from `localAddress`, to try passwords on as a
 * person (or a guesser) would: each try posts the form again. `accepted` is the provider moving on
 * (303); otherwise `alert` is the page's message.
 */
export async function signInForm(
  baseUrl: string,
  localAddress: string,
  /** Instances to post the tries to in turn (a round-robin load balancer); `baseUrl` by default. */
  postTo: string[] = [baseUrl],
) {
  const cookies = new Map<string, string>();
  const keep = (res: PlainResponse) => {
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'chairside-portal',
    response_type: 'code',
    redirect_uri: `${baseUrl}/`,
    scope: 'openid profile email api',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'limits',
  }).toString();
  const start = await requestFrom(localAddress, auth.toString());
  keep(start);
  const page = await requestFrom(localAddress, new URL(start.headers.location!, baseUrl).toString(), {
    headers: { cookie: cookie() },
  });
  keep(page);
  const action = /action="([^"]+)"/.exec(page.text)?.[1];
  if (!action) throw new Error(`no sign-in form (status ${page.status})`);
  const target = new URL(action.replace(/&amp;/g, '&'), baseUrl).toString();
  let tries = 0;
  return {
    async attempt(email: string, password: string) {
      const via = new URL(target);
      const instance = new URL(postTo[tries++ % postTo.length]!);
      via.host = instance.host;
      const res = await requestFrom(localAddress, via.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
        body: new URLSearchParams({ email, password }).toString(),
      });
      const alert = /role="alert"[^>]*>([^<]+)</.exec(res.text)?.[1] ?? null;
      return { status: res.status, accepted: res.status === 303, alert };
    },
  };
}
