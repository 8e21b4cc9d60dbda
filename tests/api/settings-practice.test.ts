/**
 * Settings' own sections of the practice (issue 36): Practice (name and phone as patients see them,
 * the BCC address, the support contact, the time zone) and Allocation and memberships. Each saves on
 * its own, refuses a bad value naming the field with nothing written, and writes an audit entry that
 * Recent changes lists with the other settings' (and an administrator's change of the practice). The
 * BCC address is copied on the next e-mail to a patient, and the session's details follow.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../embed-sdk/contract/audit.js';
import type { LoginValue } from '../../embed-sdk/contract/auth.js';
import type { PracticeSettings } from '../../embed-sdk/contract/practiceSettings.js';
import { auditLog, companies } from '../../server/db/schema/index.js';
import { createRequest, newCustomer, outbox } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const details = {
  name: 'Bright Smiles Dental',
  phone: '(512) 555-0100',
  bccEmail: 'office@brightsmiles.test',
  supportName: 'Dana Whitfield',
  supportEmail: 'dana@brightsmiles.test',
  timeZone: 'America/Chicago',
};

/** The practice's row and its audit entries, to show that a refusal wrote nothing. */
async function fingerprint() {
  const [row] = await server.ctx.db.select().from(companies).where(eq(companies.id, 1));
  const entries = await server.ctx.db.select().from(auditLog).where(eq(auditLog.companyId, 1));
  return JSON.stringify({ row, entries: entries.length });
}

describe('Practice', () => {
  it('reads the seed’s details', async () => {
    const res = await server.call<PracticeSettings>('GET', '/api/settings/practice', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      practice: { ...details, phone: '5125550100' },
      allocation: { doesAllocateProcedures: true, membershipDays: 30 },
      gatewayCode: 'OPENDENTAL',
    });
  });

  it('saves, is audited field by field, and the session and the next e-mail follow', async () => {
    const saved = await server.call<PracticeSettings>('POST', '/api/settings/practice', {
      token: admin,
      body: {
        ...details,
        phone: '512-555-0199',
        bccEmail: 'copies@brightsmiles.test',
        timeZone: 'America/Denver',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.value!.practice).toMatchObject({
      phone: '5125550199',
      bccEmail: 'copies@brightsmiles.test',
      timeZone: 'America/Denver',
    });

    const changes = await server.call<AuditPage>('GET', '/api/settings/changes', { token: admin });
    expect(changes.body.value!.entries[0]).toMatchObject({
      action: 'settings.practice',
      actorEmail: 'admin@chairside.test',
      before: { phone: '5125550100', bccEmail: 'office@brightsmiles.test', timeZone: 'America/Chicago' },
      after: { phone: '5125550199', bccEmail: 'copies@brightsmiles.test', timeZone: 'America/Denver' },
    });

    const login = await server.call<LoginValue>('POST', '/api/auth/login', { token: frontdesk });
    expect(login.body.value).toMatchObject({ companyPhone: '5125550199', bccOnSystemEmail: true });

    const patient = await newCustomer(server, frontdesk, {
      email: 'bcc.copy@example.org',
      cell: '5125550161',
    });
    const { linkToken } = await createRequest(server, frontdesk, patient, 4_500);
    const sent = (await outbox(server)).filter((m) => m.link?.endsWith(linkToken));
    expect(sent).toHaveLength(2);
    expect(sent.find((m) => m.channel === 'EMAIL')).toMatchObject({
      recipient: 'bcc.copy@example.org',
      bcc: 'copies@brightsmiles.test',
    });
    expect(sent.find((m) => m.channel === 'SMS')).toMatchObject({ bcc: null });
  });

  it('with no BCC address, an e-mail is copied to no one', async () => {
    const res = await server.call('POST', '/api/settings/practice', {
      token: admin,
      body: { ...details, bccEmail: '' },
    });
    expect(res.status).toBe(200);
    const patient = await newCustomer(server, frontdesk, { email: 'no.copy@example.org' });
    const { linkToken } = await createRequest(server, frontdesk, patient, 2_000);
    const sent = (await outbox(server)).filter((m) => m.link?.endsWith(linkToken));
    expect(sent.find((m) => m.channel === 'EMAIL')).toMatchObject({
      recipient: 'no.copy@example.org',
      bcc: null,
    });
  });

  it.each([
    [{ name: '  ' }, 'body.name: is required'],
    [{ phone: '555-01' }, 'body.phone: is not a valid phone number'],
    [{ bccEmail: 'office at brightsmiles' }, 'body.bccEmail: is not a valid e-mail address'],
    [{ supportEmail: 'dana@' }, 'body.supportEmail: is not a valid e-mail address'],
    [
      { timeZone: 'Central Time' },
      'body.timeZone: is not a time zone (an IANA name such as America/Chicago)',
    ],
  ])('refuses %j naming the field, and writes nothing', async (bad, error) => {
    const before = await fingerprint();
    const res = await server.call('POST', '/api/settings/practice', {
      token: admin,
      body: { ...details, ...bad },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([error]);
    expect(await fingerprint()).toBe(before);
  });
});

describe('Allocation and memberships', () => {
  it('saves the membership days, audited', async () => {
    const res = await server.call<PracticeSettings>('POST', '/api/settings/allocationAndMemberships', {
      token: admin,
      body: { doesAllocateProcedures: true, membershipDays: 45 },
    });
    expect(res.status).toBe(200);
    expect(res.body.value!.allocation).toEqual({ doesAllocateProcedures: true, membershipDays: 45 });
    const changes = await server.call<AuditPage>('GET', '/api/settings/changes', { token: admin });
    expect(changes.body.value!.entries[0]).toMatchObject({
      action: 'settings.allocation',
      before: { membershipDays: 30 },
      after: { membershipDays: 45 },
    });
  });

  it('saving what is already there writes no entry', async () => {
    const before = await fingerprint();
    const res = await server.call('POST', '/api/settings/allocationAndMemberships', {
      token: admin,
      body: { doesAllocateProcedures: true, membershipDays: 45 },
    });
    expect(res.status).toBe(200);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses bad days, and allocation outside Open Dental, by field, writing nothing', async () => {
    const before = await fingerprint();
    const days = await server.call('POST', '/api/settings/allocationAndMemberships', {
      token: admin,
      body: { doesAllocateProcedures: true, membershipDays: 400 },
    });
    expect(days.body.errors).toEqual(['body.membershipDays: must be at most 365']);
    expect(await fingerprint()).toBe(before);

    // Cedar Family Dentistry is a Dentrix practice: an administrator of its own session enters it.
    const token = (await server.signIn('admin@chairside.test')).access_token;
    const switched = await server.call('POST', '/api/auth/login-company', { token, body: { companyId: 2 } });
    expect(switched.status).toBe(200);
    const cedarBefore = JSON.stringify(
      await server.ctx.db.select().from(companies).where(eq(companies.id, 2)),
    );
    const cedar = await server.call('POST', '/api/settings/allocationAndMemberships', {
      token,
      body: { doesAllocateProcedures: true, membershipDays: 30 },
    });
    expect(cedar.body.errors).toEqual([
      'body.doesAllocateProcedures: Procedure allocation is available only when the practice management system is Open Dental.',
    ]);
    expect(JSON.stringify(await server.ctx.db.select().from(companies).where(eq(companies.id, 2)))).toBe(
      cedarBefore,
    );
    await server.call('POST', '/api/auth/login-company', { token, body: { companyId: 1 } });
  });
});

describe('Recent changes', () => {
  it('lists the other sections’ changes and an administrator’s change of the practice', async () => {
    const days = await server.call('POST', '/api/settings/linkExpiry', {
      token: admin,
      body: { paymentLinkDays: 9, enrollmentLinkDays: 7, cardRequestLinkDays: 7 },
    });
    expect(days.status).toBe(200);
    const origin = await server.call('POST', '/api/settings/embedOrigins/add', {
      token: admin,
      body: { origin: 'https://portal.partner.example' },
    });
    expect(origin.status).toBe(200);
    const profile = await server.call('POST', '/api/admin/company', {
      token: admin,
      body: {
        id: 1,
        name: 'Bright Smiles Dental',
        phone: '5125550100',
        doesAllocateProcedures: true,
        membershipDays: 60,
        bccEmail: '',
      },
    });
    expect(profile.status).toBe(200);

    const changes = await server.call<AuditPage>('GET', '/api/settings/changes', { token: admin });
    expect(changes.body.value!.entries.slice(0, 3).map((e) => [e.action, e.before, e.after])).toEqual([
      ['company.update', { membershipDays: 45 }, { membershipDays: 60 }],
      ['settings.embedOrigins', { added: null }, { added: 'https://portal.partner.example' }],
      ['settings.linkExpiry', { paymentLinkDays: 7 }, { paymentLinkDays: 9 }],
    ]);
    // Only the practice's settings: no other practice's, nor a person's invitation.
    expect(changes.body.value!.entries.every((e) => e.companyId === 1)).toBe(true);
  });

  it('a person without MANAGESETTINGS is refused every section: 403', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/settings/practice', undefined],
      ['POST', '/api/settings/practice', details],
      [
        'POST',
        '/api/settings/allocationAndMemberships',
        { doesAllocateProcedures: false, membershipDays: 30 },
      ],
      ['GET', '/api/settings/changes', undefined],
    ] as const) {
      const res = await server.call(method, path, { token: frontdesk, body });
      expect(res.status, path).toBe(403);
    }
  });
});
