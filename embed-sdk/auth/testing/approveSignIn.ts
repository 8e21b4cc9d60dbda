/**
 * Plays the person at the sandbox's sign-in page: follows an authorization URL (as the browser
 * would after signinRedirect), submits the form, and returns the address the provider sends the
 * browser back to, with `code` and `state`. Tests only.
 */

export async function approveSignIn(
  authorizationUrl: string,
  email: string,
  password = 'demo',
): Promise<string> {
  const redirectUri = new URL(authorizationUrl).searchParams.get('redirect_uri')!;
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };

  let response = await go(authorizationUrl);
  const loginUrl = new URL(response.headers.get('location')!, authorizationUrl).href;
  const html = await (await go(loginUrl)).text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('the sign-in page has no form');
  response = await go(new URL(action.replace(/&amp;/g, '&'), loginUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
    const next = new URL(location, loginUrl).href;
    if (next.startsWith(redirectUri)) return next;
    response = await go(next);
  }
  throw new Error('too many redirects');
}
