/**
 * The identity provider's account screens over HTTP, as a browser without script uses them: forgot
 * password (the same answer for every address, a one-time link in the outbox, only its hash stored),
 * setting a password from the link (rules, once, expiry), an invitation for a new user, and My
 * Profile (the provider's session, the form token, name and password).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLinks, userCompanies, users } from '../../server/db/schema/index.js';
import { inviteUser } from '../../server/identity/passwordLinks.js';
import { CookieJar, signIn, SignInError } from '../support/oidc.js';
import { outbox } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A form post as a browser sends it, with the jar's cookies; redirects are not followed. */
async function post(path: string, form: Record<string, string>, jar?: CookieJar) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(jar ? { cookie: jar.header() } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

async function get(path: string, jar?: CookieJar) {
  const res = await fetch(`${server.url}${path}`, {
    redirect: 'manual',
    headers: jar ? { cookie: jar.header() } : {},
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The text a person reads: tags dropped, entities of the pages' escaping undone, spaces folded. */
function visible(html: string) {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<\/?(strong|code|a)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

async function canSignIn(email: string, password: string) {
  try {
    await signIn(server.url, email, password);
    return true;
  } catch (error) {
    if (error instanceof SignInError) return false;
    throw error;
  }
}

/** A user the admin area would create: no usable password yet, a role in Bright Smiles. */
async function newUser(email: string) {
  const [user] = await server.ctx.db
    .insert(users)
    .values({ email, passwordHash: '!', firstName: 'Nia', lastName: 'Newhire' })
    .returning({ id: users.id });
  await server.ctx.db
    .insert(userCompanies)
    .values({ userId: user!.id, companyId: 1, roles: ['VIEWDASHBOARD'] });
  return user!.id;
}

describe('forgot password', () => {
  it('answers the same for an address with an account and one without, and e-mails only the account', async () => {
    const before = (await outbox(server)).length;
    const known = await post('/account/forgot', { email: 'Frontdesk@Chairside.test' });
    const unknown = await post('/account/forgot', { email: 'nobody@chairside.test' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(visible(known.html)).toContain(
      'If Frontdesk@Chairside.test belongs to a Chairside account, we have sent it a link to set a new password. The link works once, for one hour.',
    );
    expect(visible(unknown.html).replace('nobody@chairside.test', 'X')).toBe(
      visible(known.html).replace('Frontdesk@Chairside.test', 'X'),
    );
    const sent = (await outbox(server)).slice(0, (await outbox(server)).length - before);
    expect(sent.map((m) => [m.channel, m.recipient, m.subject])).toEqual([
      ['EMAIL', 'frontdesk@chairside.test', 'Reset your Chairside password'],
    ]);
    const link = sent[0]!.link!;
    expect(link).toMatch(new RegExp(`^${server.url}/account/password/[A-Za-z0-9_-]{43}$`));
    expect(sent[0]!.body).toContain(link);
    // Only the hash of the link's secret is kept.
    const token = new URL(link).pathname.split('/').pop()!;
    const rows = await server.ctx.db.select().from(passwordLinks);
    expect(rows.some((r) => r.tokenHash === token || JSON.stringify(r).includes(token))).toBe(false);
    expect(rows.some((r) => r.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  it('names what is wrong with the address, and sends nothing', async () => {
    const before = (await outbox(server)).length;
    const empty = await post('/account/forgot', { email: ' ' });
    expect(empty.status).toBe(200);
    expect(visible(empty.html)).toContain('Enter the e-mail address you sign in with.');
    const bad = await post('/account/forgot', { email: 'frontdesk@' });
    expect(bad.status).toBe(200);
    expect(visible(bad.html)).toContain('Enter an e-mail address, like name@practice.com.');
    expect((await outbox(server)).length).toBe(before);
  });

  it('escapes what it shows back', async () => {
    const res = await post('/account/forgot', { email: '<script>alert(1)</script>@x' });
    expect(res.html).not.toContain('<script>alert(1)');
    expect(res.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@x');
  });
});

describe('setting a password from the link', () => {
  async function resetLinkFor(email: string) {
    await post('/account/forgot', { email });
    const [mail] = (await outbox(server)).filter((m) => m.recipient === email);
    return mail!.link!;
  }

  it('states and checks the rules, sets the password once, and the person signs in with it', async () => {
    const link = await resetLinkFor('frontdesk@chairside.test');
    const page = await get(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(visible(page.html)).toContain(
      'Set a new password Choose a new password for frontdesk@chairside.test.',
    );
    expect(visible(page.html)).toContain(
      'At least 8 characters. A phrase of a few words is easy to remember and hard to guess.',
    );

    const short = await post(pathOf(link), { password: 'short', confirmation: 'short' });
    expect(short.status).toBe(200);
    expect(visible(short.html)).toContain('The password must be at least 8 characters long.');
    expect(short.html).toContain('aria-invalid="true"');
    const mismatch = await post(pathOf(link), { password: 'blue heron pond', confirmation: 'blue heron' });
    expect(visible(mismatch.html)).toContain('The two passwords do not match.');
    expect(await canSignIn('frontdesk@chairside.test', 'demo')).toBe(true);

    const set = await post(pathOf(link), { password: 'blue heron pond', confirmation: 'blue heron pond' });
    expect(set.status).toBe(200);
    expect(visible(set.html)).toContain('Your password is set');
    expect(await canSignIn('frontdesk@chairside.test', 'blue heron pond')).toBe(true);
    expect(await canSignIn('frontdesk@chairside.test', 'demo')).toBe(false);

    // Once only.
    const again = await get(pathOf(link));
    expect(again.status).toBe(410);
    expect(visible(again.html)).toContain('This link was already used');
    const replay = await post(pathOf(link), { password: 'another pass', confirmation: 'another pass' });
    expect(replay.status).toBe(410);
    expect(await canSignIn('frontdesk@chairside.test', 'blue heron pond')).toBe(true);
  });

  it('expires after an hour, and then sets nothing', async () => {
    const link = await resetLinkFor('admin@chairside.test');
    const token = new URL(link).pathname.split('/').pop()!;
    const row = (await server.ctx.db.select().from(passwordLinks)).find(
      (r) => r.tokenHash === createHash('sha256').update(token).digest('hex'),
    )!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60 * 60_000);
    await server.ctx.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordLinks.id, row.id));
    const page = await get(pathOf(link));
    expect(page.status).toBe(410);
    expect(visible(page.html)).toContain(
      'This link has expired Links to set a new password work for one hour. Ask for a new one from the sign-in page.',
    );
    const set = await post(pathOf(link), { password: 'too late now', confirmation: 'too late now' });
    expect(set.status).toBe(410);
    expect(await canSignIn('admin@chairside.test', 'demo')).toBe(true);
  });

  it('says a made-up link does not work', async () => {
    const res = await get('/account/password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(visible(res.html)).toContain('This link does not work');
  });
});

describe('an invitation', () => {
  it('e-mails a new user a link that sets their first password, once', async () => {
    const id = await newUser('nia.newhire@chairside.test');
    expect(await canSignIn('nia.newhire@chairside.test', '!')).toBe(false);
    const link = await inviteUser(server.ctx.db, id, { publicUrl: server.url, now: new Date() });
    const [mail] = (await outbox(server)).filter((m) => m.recipient === 'nia.newhire@chairside.test');
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'You are invited to Chairside', link });
    const [row] = await server.ctx.db.select().from(passwordLinks).where(eq(passwordLinks.userId, id));
    expect(row).toMatchObject({ kind: 'INVITE', usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60_000);

    const page = await get(pathOf(link));
    expect(visible(page.html)).toContain(
      'Welcome to Chairside Set the password you will sign in with as nia.newhire@chairside.test.',
    );
    const set = await post(pathOf(link), {
      password: 'first day at work',
      confirmation: 'first day at work',
    });
    expect(set.status).toBe(200);
    expect(await canSignIn('nia.newhire@chairside.test', 'first day at work')).toBe(true);
    expect((await get(pathOf(link))).status).toBe(410);
  });
});

describe('My Profile', () => {
  async function signedIn(email: string, password = 'demo') {
    const jar = new CookieJar();
    const tokens = await signIn(server.url, email, password, { jar });
    return { jar, token: tokens.access_token };
  }

  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

  it('needs the provider’s session', async () => {
    const res = await get('/account/profile');
    expect(res.status).toBe(401);
    expect(visible(res.html)).toContain('You are not signed in.');
    const post401 = await post('/account/profile/name', { firstName: 'X', lastName: 'Y', csrf: 'x' });
    expect(post401.status).toBe(401);
  });

  it('changes the name, which the portal’s next login call shows', async () => {
    const { jar } = await signedIn('viewer@chairside.test');
    const page = await get('/account/profile', jar);
    expect(page.status).toBe(200);
    expect(visible(page.html)).toContain('Signed in as viewer@chairside.test.');
    const csrf = csrfOf(page.html);

    // Another site's form (no token of this session) changes nothing.
    const forged = await post('/account/profile/name', { firstName: 'Eve', lastName: 'Forged' }, jar);
    expect(forged.status).toBe(403);
    const empty = await post('/account/profile/name', { firstName: ' ', lastName: 'Viewer', csrf }, jar);
    expect(empty.status).toBe(200);
    expect(visible(empty.html)).toContain('The first name is required.');

    const saved = await post('/account/profile/name', { firstName: 'Vera', lastName: 'Renamed', csrf }, jar);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/account/profile?saved=name');
    expect(visible((await get('/account/profile?saved=name', jar)).html)).toContain('Your name was saved.');

    const { token } = await signedIn('viewer@chairside.test');
    const login = await server.call<{ userFirstLastName: string }>('POST', '/api/auth/login', { token });
    expect(login.body.value!.userFirstLastName).toBe('Vera Renamed');
  });

  it('changes the password only with the current one', async () => {
    const { jar } = await signedIn('viewer@chairside.test');
    const csrf = csrfOf((await get('/account/profile', jar)).html);
    const wrong = await post(
      '/account/profile/password',
      { currentPassword: 'not it', password: 'new viewer pass', confirmation: 'new viewer pass', csrf },
      jar,
    );
    expect(wrong.status).toBe(200);
    expect(visible(wrong.html)).toContain('The current password is incorrect.');
    const missing = await post(
      '/account/profile/password',
      { currentPassword: '', password: 'new viewer pass', confirmation: 'new viewer pass', csrf },
      jar,
    );
    expect(visible(missing.html)).toContain('Enter your current password.');
    const weak = await post(
      '/account/profile/password',
      { currentPassword: 'demo', password: 'abc', confirmation: 'abc', csrf },
      jar,
    );
    expect(visible(weak.html)).toContain('The password must be at least 8 characters long.');
    expect(await canSignIn('viewer@chairside.test', 'demo')).toBe(true);

    const changed = await post(
      '/account/profile/password',
      { currentPassword: 'demo', password: 'new viewer pass', confirmation: 'new viewer pass', csrf },
      jar,
    );
    expect(changed.status).toBe(303);
    expect(await canSignIn('viewer@chairside.test', 'new viewer pass')).toBe(true);
    expect(await canSignIn('viewer@chairside.test', 'demo')).toBe(false);
  });
});

describe('the sign-in page', () => {
  it('links to forgot password for the sign-in in progress, and the configuration names the profile page', async () => {
    const config = await server.call<{ profileUrl?: string }>('GET', '/api/configuration');
    expect(config.body.value!.profileUrl).toBe(`${server.url}/account/profile`);
  });
});
