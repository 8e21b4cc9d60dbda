/**
 * The example practice-system add-on's backend, as its page uses it: the practice system's demo
 * user signs in (a session cookie), then the backend hands out the integration's access token.
 */
export const HOST_USER = { userName: 'reception', password: 'demo' };

/** Signs the host's demo user in and returns the session cookie ("name=value"). */
export async function hostSignIn(baseUrl: string, user = HOST_USER): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/practice-addon/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = (await res.clone().json()) as { signedIn?: boolean };
  if (!res.ok || !body.signedIn) {
    throw new Error(`the practice system's sign-in answered ${res.status}: ${await res.text()}`);
  }
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('the practice system set no session cookie');
  return cookie;
}

/** An access token from the add-on's backend, after the host's sign-in. */
export async function addonToken(baseUrl: string): Promise<string> {
  const cookie = await hostSignIn(baseUrl);
  const res = await fetch(`${baseUrl}/sandbox/practice-addon/token`, { method: 'POST', headers: { cookie } });
  if (!res.ok) throw new Error(`the add-on's backend answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
