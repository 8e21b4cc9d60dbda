/**
 * The admin area's people and new practices (issue 34): a new practice with its first user invited,
 * a person invited to a practice, roles given and taken per practice (holding from the person's next
 * call, not their token's expiry), an account disabled (its token, refresh token and sign-in refused
 * at once), each change in the audit log, and bad input refused by field with nothing written.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserRow, AuditPage } from '../../embed-sdk/contract/admin.js';
import type { LoginValue } from '../../embed-sdk/contract/auth.js';
import {
  auditLog,
  clinics,
  companies,
  oidcPayloads,
  passwordLinks,
  userCompanies,
  users,
} from '../../server/db/schema/index.js';
import { FRONTDESK_ROLES } from '../../server/db/seed/practices.js';
import { refresh, signIn, SignInError } from '../support/oidc.js';
import { outbox } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

const post = <T>(path: string, body: unknown, token = admin) => server.call<T>('POST', path, { token, body });
const get = <T>(path: string, token = admin) => server.call<T>('GET', path, { token });

async function tableCounts() {
  const db = server.ctx.db;
  const [[u], [c], [k], [a], [l]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(companies),
    db.select({ n: count() }).from(clinics),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(passwordLinks),
  ]);
  return { users: u!.n, companies: c!.n, clinics: k!.n, audit: a!.n, links: l!.n };
}

/** Sets a password through the invitation link, as the identity page's form does. */
async function acceptInvitation(email: string, password: string) {
  const mail = (await outbox(server)).filter((m) => m.recipient === email).at(-1);
  expect(mail?.subject).toBe('You are invited to Chairside');
  const link = new URL(mail!.link!);
  const res = await fetch(`${server.url}${link.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, confirmation: password }).toString(),
  });
  expect(res.status).toBe(200);
}

async function canSignIn(email: string, password = 'demo') {
  try {
    await signIn(server.url, email, password);
    return true;
  } catch (error) {
    if (error instanceof SignInError) return false;
    throw error;
  }
}

const NEW_PRACTICE = {
  name: 'Juniper Ridge Dental',
  phone: '(512) 555-0199',
  gatewayCode: 'OPENDENTAL',
  state: 'TX',
  clinics: ['Juniper Ridge', 'Mill Creek'],
  gateway: { businessId: 'biz_juniper', appId: 'app_juniper', storeId: 'store_juniper' },
  hasSurcharging: true,
  surchargeRateBps: 250,
  firstUser: { firstName: 'June', lastName: 'Ridge', email: 'June.Ridge@Juniper.test' },
};

describe('a new practice', () => {
  it('is set up with its clinics and gateway, and its first user is invited with every role', async () => {
    const made = await post<{ companyId: number; userId: number }>(
      '/api/admin/companies/create',
      NEW_PRACTICE,
    );
    expect(made.status).toBe(200);
    const { companyId, userId } = made.body.value!;
    const practice = await get<{ name: string; clinics: unknown[]; gateway: unknown; people: unknown[] }>(
      `/api/admin/company?id=${companyId}`,
    );
    expect(practice.body.value).toMatchObject({
      name: 'Juniper Ridge Dental',
      phone: '5125550199',
      gatewayCode: 'OPENDENTAL',
      surchargeRateBps: 250,
      state: 'TX',
      gateway: NEW_PRACTICE.gateway,
      clinics: [
        { clinicNum: 1, description: 'Juniper Ridge', isHeadquarters: true },
        { clinicNum: 2, description: 'Mill Creek', isHeadquarters: false },
      ],
      people: [{ userId, email: 'june.ridge@juniper.test', isAdmin: false }],
    });

    // Until they set a password, nothing signs them in.
    expect(await canSignIn('june.ridge@juniper.test', 'invited')).toBe(false);
    await acceptInvitation('june.ridge@juniper.test', 'juniper berries');
    const tokens = await signIn(server.url, 'june.ridge@juniper.test', 'juniper berries');
    await server.call('POST', '/api/auth/acceptTermsOfService', { token: tokens.access_token });
    const session = await post<LoginValue>('/api/auth/login', {}, tokens.access_token);
    expect(session.body.value).toMatchObject({ companyId, companyName: 'Juniper Ridge Dental' });
    expect(session.body.value!.roles).toHaveLength(14);

    const trail = await get<AuditPage>(`/api/admin/audit?companyId=${companyId}`);
    expect(trail.body.value!.entries.map((e) => e.action).sort()).toEqual(['company.create', 'user.invite']);
  });

  it.each([
    ['gatewayCode', { gatewayCode: 'CURVE' }, 'body.gatewayCode'],
    ['no state', { state: undefined }, 'body.state'],
    ['an unknown state', { state: 'XX' }, 'body.state'],
    ['surcharge over 3 %', { surchargeRateBps: 301 }, 'body.surchargeRateBps'],
    ['no clinic', { clinics: [] }, 'body.clinics'],
    ['an empty name', { name: '  ' }, 'body.name'],
    ['a bad phone', { phone: '12' }, 'body.phone'],
    ['a bad e-mail', { firstUser: { ...NEW_PRACTICE.firstUser, email: 'june@' } }, 'body.firstUser.email'],
    [
      'an e-mail in use',
      { firstUser: { ...NEW_PRACTICE.firstUser, email: 'FrontDesk@chairside.test' } },
      'body.firstUser.email',
    ],
    [
      'a business id the provider refuses',
      { gateway: { ...NEW_PRACTICE.gateway, businessId: 'biz juniper' } },
      'body.gateway.businessId',
    ],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_, change, field) => {
    const before = await tableCounts();
    const res = await post('/api/admin/companies/create', {
      ...NEW_PRACTICE,
      name: 'Refused Dental',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    expect(await tableCounts()).toEqual(before);
  });
});

describe('people', () => {
  it('finds people by name, e-mail or id, ten to a page', async () => {
    const byName = await get<{ users: AdminUserRow[]; totalCount: number }>(
      '/api/admin/users?search=fran desk',
    );
    expect(byName.body.value!.users.map((u) => u.email)).toEqual(['frontdesk@chairside.test']);
    expect(byName.body.value!.users[0]).toMatchObject({
      isAdmin: false,
      disabledAt: null,
      active: true,
      practiceNames: ['Bright Smiles Dental'],
      practices: 1,
    });
    const id = byName.body.value!.users[0]!.id;
    const byId = await get<{ users: AdminUserRow[] }>(`/api/admin/users?search=${id}`);
    expect(byId.body.value!.users.map((u) => u.id)).toContain(id);
    const byEmail = await get<{ users: AdminUserRow[] }>('/api/admin/users?search=VIEWER@');
    expect(byEmail.body.value!.users.map((u) => u.email)).toEqual(['viewer@chairside.test']);
    // % and _ are taken literally, not as LIKE's wildcards.
    for (const wildcard of ['%', 'v_ewer'])
      expect(
        (await get<{ totalCount: number }>(`/api/admin/users?search=${encodeURIComponent(wildcard)}`)).body
          .value!.totalCount,
      ).toBe(0);
    const all = await get<{ users: AdminUserRow[]; totalCount: number }>('/api/admin/users');
    const [n] = await server.ctx.db.select({ n: count() }).from(users);
    expect(all.body.value!.totalCount).toBe(n!.n);
    expect(all.body.value!.users.length).toBe(Math.min(10, n!.n));
  });

  it('invites a person to a practice, and refuses an e-mail already used', async () => {
    const invited = await post<{ userId: number }>('/api/admin/user/invite', {
      firstName: 'Ines',
      lastName: 'Invited',
      email: 'ines@cedar.test',
      access: { companyId: 2, roles: ['VIEWDASHBOARD'] },
    });
    expect(invited.status).toBe(200);
    const profile = await get<AdminUser>(`/api/admin/user?id=${invited.body.value!.userId}`);
    expect(profile.body.value).toMatchObject({
      email: 'ines@cedar.test',
      active: false,
      memberships: [{ companyId: 2, companyName: 'Cedar Family Dentistry', roles: ['VIEWDASHBOARD'] }],
    });
    expect(profile.body.value!.invitationExpires).not.toBeNull();

    const before = await tableCounts();
    const again = await post('/api/admin/user/invite', {
      firstName: 'Ines',
      lastName: 'Again',
      email: 'INES@cedar.test',
      access: { companyId: 2, roles: [] },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual(['body.email: is already used by another account']);
    const nowhere = await post('/api/admin/user/invite', {
      firstName: 'Ines',
      lastName: 'Nowhere',
      email: 'nowhere@cedar.test',
      access: { companyId: 999_999, roles: [] },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors).toEqual(['body.access.companyId: There is no practice 999999.']);
    expect(await tableCounts()).toEqual(before);

    // Two invitations to one address at the same moment: one person, and the other is refused.
    const twins = await Promise.all(
      ['Tess', 'Tara'].map((firstName) =>
        post('/api/admin/user/invite', {
          firstName,
          lastName: 'Twin',
          email: 'twins@cedar.test',
          access: { companyId: 2, roles: [] },
        }),
      ),
    );
    expect(twins.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(twins.find((r) => r.status === 400)!.body.errors).toEqual([
      'body.email: is already used by another account',
    ]);
    expect(await server.ctx.db.$count(users, eq(users.email, 'twins@cedar.test'))).toBe(1);
  });

  it("gives the front desk the void role: their same token may void from the next call, and the practice's trail says so", async () => {
    const frontdesk = await server.tokenFor('frontdesk');
    const [fran] = await server.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'frontdesk@chairside.test'));
    const before = await post<LoginValue>('/api/auth/login', {}, frontdesk);
    expect(before.body.value!.roles).not.toContain('PROCESSVOID');

    const given = await post<AdminUser>('/api/admin/user/access', {
      id: fran!.id,
      isAdmin: false,
      memberships: [{ companyId: 1, roles: [...FRONTDESK_ROLES, 'PROCESSVOID'] }],
    });
    expect(given.status).toBe(200);
    expect(given.body.value!.memberships[0]!.roles).toContain('PROCESSVOID');
    const after = await post<LoginValue>('/api/auth/login', {}, frontdesk);
    expect(after.body.value!.roles).toContain('PROCESSVOID');

    const trail = await get<AuditPage>(`/api/admin/audit?companyId=1&targetType=user&targetId=${fran!.id}`);
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'user.roles',
      actorEmail: 'admin@chairside.test',
      before: { roles: [...FRONTDESK_ROLES].sort() },
      after: { roles: [...FRONTDESK_ROLES, 'PROCESSVOID'].sort() },
    });

    // Taken away again, the next call is refused its role.
    await post('/api/admin/user/access', {
      id: fran!.id,
      isAdmin: false,
      memberships: [{ companyId: 1, roles: FRONTDESK_ROLES }],
    });
    const restored = await post<LoginValue>('/api/auth/login', {}, frontdesk);
    expect(restored.body.value!.roles).not.toContain('PROCESSVOID');
  });

  it('refuses a practice listed twice, a practice that does not exist, and an administrator unmaking themselves', async () => {
    const [viewer] = await server.ctx.db.select().from(users).where(eq(users.email, 'viewer@chairside.test'));
    const [me] = await server.ctx.db.select().from(users).where(eq(users.email, 'admin@chairside.test'));
    const before = await tableCounts();
    const twice = await post('/api/admin/user/access', {
      id: viewer!.id,
      isAdmin: false,
      memberships: [
        { companyId: 2, roles: [] },
        { companyId: 2, roles: ['VIEWDASHBOARD'] },
      ],
    });
    expect(twice.body.errors).toEqual(['body.memberships.1.companyId: is listed twice']);
    const unknown = await post('/api/admin/user/access', {
      id: viewer!.id,
      isAdmin: false,
      memberships: [{ companyId: 999_999, roles: [] }],
    });
    expect(unknown.body.errors).toEqual(['body.memberships.0.companyId: There is no practice 999999.']);
    const self = await post('/api/admin/user/access', { id: me!.id, isAdmin: false, memberships: [] });
    expect(self.body.errors).toEqual(['body.isAdmin: You cannot take away your own administrator access.']);
    expect(await tableCounts()).toEqual(before);
    const memberships = await server.ctx.db
      .select()
      .from(userCompanies)
      .where(eq(userCompanies.userId, viewer!.id));
    expect(memberships).toHaveLength(2);
  });

  it('disables an account: its token, its refresh token and its password stop working at once', async () => {
    const tokens = await signIn(server.url, 'viewer@chairside.test');
    const [vic] = await server.ctx.db.select().from(users).where(eq(users.email, 'viewer@chairside.test'));
    expect((await post('/api/auth/login', {}, tokens.access_token)).status).toBe(200);

    const disabled = await post<AdminUser>('/api/admin/user/disable', { id: vic!.id, disabled: true });
    expect(disabled.body.value!.disabledAt).not.toBeNull();
    const refused = await post('/api/auth/login', {}, tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.errors).toEqual(['This account is disabled. Ask your administrator.']);
    await expect(refresh(server.url, tokens.refresh_token!)).rejects.toThrow(SignInError);
    expect(await canSignIn('viewer@chairside.test')).toBe(false);
    // Their sessions at the identity provider are gone with it.
    const left = await server.ctx.db
      .select({ n: count() })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.payload}->>'accountId' = ${String(vic!.id)}`);
    expect(left[0]!.n).toBe(0);

    const trail = await get<AuditPage>(`/api/admin/audit?targetType=user&targetId=${vic!.id}`);
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'user.disable',
      before: { disabled: false },
      after: { disabled: true },
    });

    await post('/api/admin/user/disable', { id: vic!.id, disabled: false });
    expect(await canSignIn('viewer@chairside.test')).toBe(true);
  });

  it('will not let an administrator disable themselves', async () => {
    const [me] = await server.ctx.db.select().from(users).where(eq(users.email, 'admin@chairside.test'));
    const res = await post('/api/admin/user/disable', { id: me!.id, disabled: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['body.id: You cannot disable your own account.']);
  });
});

describe('the platform', () => {
  it('publishes new terms: every person, however signed in, is sent through the gate again', async () => {
    const frontdesk = (await signIn(server.url, 'frontdesk@chairside.test')).access_token;
    expect((await post('/api/auth/login', {}, frontdesk)).status).toBe(200);
    const published = await post<{ version: string; publishedAt: string }>('/api/admin/platform/terms', {
      version: '2026-12',
      text: 'Chairside Terms of Service, December 2026.',
    });
    expect(published.status).toBe(200);
    expect(published.body.value!.version).toBe('2026-12');

    // The same token, the next call: refused until the new version is accepted.
    const gated = await get('/api/company/current', frontdesk);
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ nextStep: 'ACCEPT_TERMS' });
    const terms = await get<{ version: string; text: string }>('/api/auth/termsOfService', frontdesk);
    expect(terms.body.value).toEqual({
      version: '2026-12',
      text: 'Chairside Terms of Service, December 2026.',
    });
    expect((await post('/api/auth/acceptTermsOfService', {}, frontdesk)).status).toBe(200);
    expect((await get('/api/company/current', frontdesk)).status).toBe(200);

    // The administrator too; and a version name used before is refused by name, nothing written.
    expect((await get('/api/admin/platform')).status).toBe(403);
    await post('/api/auth/acceptTermsOfService', {});
    const before = await tableCounts();
    const again = await post('/api/admin/platform/terms', { version: '2026-12', text: 'Another text.' });
    expect(again.body.errors).toEqual([
      'body.version: Version 2026-12 was published before: name a new one.',
    ]);
    const empty = await post('/api/admin/platform/terms', { version: '2027-01', text: '   ' });
    expect(empty.body.errors).toEqual(['body.text: is required']);
    expect(await tableCounts()).toEqual(before);
    const trail = await get<AuditPage>('/api/admin/audit?targetType=platform');
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'platform.terms',
      before: { version: '2026-01' },
      after: { version: '2026-12' },
    });
  });

  it('saves the support link, release version and maintenance notice, which every session carries', async () => {
    const bad = await post('/api/admin/platform/settings', {
      supportLink: 'call us',
      releaseVersion: '2026.12',
      maintenanceBanner: '',
    });
    expect(bad.body.errors).toEqual([
      'body.supportLink: must be a web address (https://…) or an e-mail address',
    ]);
    const saved = await post('/api/admin/platform/settings', {
      supportLink: 'https://help.chairside.test',
      releaseVersion: '2026.12',
      maintenanceBanner: 'Payments pause Sunday 2–3 AM for maintenance.',
    });
    expect(saved.status).toBe(200);
    const frontdesk = await server.tokenFor('frontdesk');
    const session = await post<LoginValue>('/api/auth/login', {}, frontdesk);
    expect(session.body.value).toMatchObject({
      supportLink: 'https://help.chairside.test',
      releaseVersion: '2026.12',
      maintenanceBanner: 'Payments pause Sunday 2–3 AM for maintenance.',
    });
    const trail = await get<AuditPage>('/api/admin/audit?targetType=platform&targetId=settings');
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'platform.settings',
      after: { supportLink: 'https://help.chairside.test', releaseVersion: '2026.12' },
    });
    await post('/api/admin/platform/settings', {
      supportLink: '',
      releaseVersion: '0.1.0-sandbox',
      maintenanceBanner: '',
    });
    expect(
      (await post<LoginValue>('/api/auth/login', {}, frontdesk)).body.value!.maintenanceBanner,
    ).toBeNull();
  });
});
