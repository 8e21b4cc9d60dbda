/**
 * Settings › Patient messages (issue 36): a practice words its own texts and e-mails. A template with
 * an unknown placeholder, or without {link} where a link is sent, is refused with its field named
 * and nothing written; a saved one is audited and every message of its kind is sent in it (seen in
 * the outbox); Restore Default goes back to the product's wording; only MANAGESETTINGS may do it.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientMessageTemplate } from '../../embed-sdk/contract/messageTemplates.js';
import { DEFAULT_TEMPLATES } from '../../embed-sdk/rules/messageTemplates.js';
import { auditLog, messageTemplates } from '../../server/db/schema/index.js';
import { BRIGHT_SMILES, createRequest, newCustomer, outbox } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const ownRequest = {
  kind: 'PAYMENT_REQUEST',
  text: 'Hello {firstName}, {practiceName} asks {amount}: {link}',
  emailSubject: 'Your balance at {practiceName}',
  emailBody: 'Dear {firstName},\n\nYou owe {amount}.\n\nPay here: {link}',
};

const save = (body: unknown, token = admin) =>
  server.call<PatientMessageTemplate>('POST', '/api/settings/messageTemplates', { token, body });
const list = async () => {
  const res = await server.call<{ templates: PatientMessageTemplate[] }>(
    'GET',
    '/api/settings/messageTemplates',
    {
      token: admin,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.templates;
};
const rows = () =>
  server.ctx.db.select().from(messageTemplates).where(eq(messageTemplates.companyId, BRIGHT_SMILES.id));

describe('patient message templates', () => {
  it('lists every kind in the product’s default wording until the practice words it', async () => {
    const templates = await list();
    expect(templates.map((t) => t.kind)).toEqual([
      'PAYMENT_REQUEST',
      'PAYMENT_REMINDER',
      'CARD_REQUEST',
      'RECEIPT',
      'MEMBERSHIP_NOTICE',
    ]);
    for (const t of templates) {
      expect(t).toEqual({ kind: t.kind, ...DEFAULT_TEMPLATES[t.kind], isDefault: true, updated: null });
    }
  });

  it.each([
    [
      { ...ownRequest, text: 'Hi {lastName}: {link}' },
      'body.text: The text has an unknown placeholder: {lastName}.',
    ],
    [
      { ...ownRequest, emailBody: 'Dear {firstName}, you owe {amount}.' },
      "body.emailBody: The e-mail's body must include {link}: a payment request sends the patient a link.",
    ],
    [
      {
        kind: 'CARD_REQUEST',
        text: 'Add a card: {link}',
        emailSubject: 'Card for {amount}',
        emailBody: '{link}',
      },
      "body.emailSubject: A card request has no amount: remove {amount} from the e-mail's subject.",
    ],
    [
      { kind: 'RECEIPT', text: 'Thanks', emailSubject: 'Receipt', emailBody: 'Thanks' },
      'body.text: Receipt is only e-mailed: it has no text.',
    ],
  ])('refuses a bad template with its field named and writes nothing (%#)', async (body, error) => {
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([error]);
    expect(await rows()).toEqual([]);
  });

  it('saves a template, audits it, and sends the next payment request in it', async () => {
    const before = server.ctx.clock.now();
    const saved = await save(ownRequest);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.value).toMatchObject({ ...ownRequest, isDefault: false, updated: expect.any(String) });
    expect((await list())[0]).toEqual(saved.body.value);

    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.patientMessages'), eq(auditLog.companyId, BRIGHT_SMILES.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorEmail: 'admin@chairside.test',
      targetType: 'settings',
      targetId: 'patientMessages',
      before: {
        'PAYMENT_REQUEST.default': true,
        'PAYMENT_REQUEST.text': DEFAULT_TEMPLATES.PAYMENT_REQUEST.text,
        'PAYMENT_REQUEST.emailSubject': DEFAULT_TEMPLATES.PAYMENT_REQUEST.emailSubject,
        'PAYMENT_REQUEST.emailBody': DEFAULT_TEMPLATES.PAYMENT_REQUEST.emailBody,
      },
      after: {
        'PAYMENT_REQUEST.default': false,
        'PAYMENT_REQUEST.text': ownRequest.text,
        'PAYMENT_REQUEST.emailSubject': ownRequest.emailSubject,
        'PAYMENT_REQUEST.emailBody': ownRequest.emailBody,
      },
    });
    expect(entry!.at.getTime()).toBeGreaterThanOrEqual(before.getTime());

    const customer = await newCustomer(server, frontdesk);
    const { request } = await createRequest(server, frontdesk, customer, 4_200, {
      message: 'For your crown.',
    });
    const sent = await outbox(server, request.link!);
    const text = sent.find((m) => m.channel === 'SMS')!;
    const email = sent.find((m) => m.channel === 'EMAIL')!;
    expect(text.body).toBe(`Hello Paula, Bright Smiles Dental asks $42.00: ${request.link} For your crown.`);
    expect(email.subject).toBe('Your balance at Bright Smiles Dental');
    expect(email.body).toMatch(
      new RegExp(
        `^Dear Paula,\\n\\nYou owe \\$42\\.00\\.\\n\\n"For your crown\\."\\n\\nPay here: ${request.link!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n\\nQuestions\\?`,
      ),
    );
  });

  it('restores the default, audited, and sends in it again', async () => {
    const restored = await server.call<PatientMessageTemplate>(
      'POST',
      '/api/settings/messageTemplates/restore',
      {
        token: admin,
        body: { kind: 'PAYMENT_REQUEST' },
      },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.value).toEqual({
      kind: 'PAYMENT_REQUEST',
      ...DEFAULT_TEMPLATES.PAYMENT_REQUEST,
      isDefault: true,
      updated: null,
    });
    expect(await rows()).toEqual([]);
    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.patientMessages'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.after).toMatchObject({ 'PAYMENT_REQUEST.default': true });

    // Restoring the default again changes nothing, and writes no entry.
    const again = await server.call('POST', '/api/settings/messageTemplates/restore', {
      token: admin,
      body: { kind: 'PAYMENT_REQUEST' },
    });
    expect(again.status).toBe(200);
    const [latest] = await server.ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.patientMessages'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(latest!.id).toBe(entry!.id);

    const customer = await newCustomer(server, frontdesk);
    const { request } = await createRequest(server, frontdesk, customer, 4_200);
    const text = (await outbox(server, request.link!)).find((m) => m.channel === 'SMS')!;
    expect(text.body).toBe(
      `Bright Smiles Dental: Hi Paula, you have a payment request for $42.00. Pay securely here: ${request.link}`,
    );
  });

  it('sends a card request in the practice’s card request template', async () => {
    expect(
      (
        await save({
          kind: 'CARD_REQUEST',
          text: '{firstName}, store a card with {practiceName}: {link}',
          emailSubject: 'A card for {practiceName}',
          emailBody: 'Store it here: {link}',
        })
      ).status,
    ).toBe(200);
    const customer = await newCustomer(server, frontdesk);
    const res = await server.call<{ id: number }>('POST', '/api/customer/sendCardRequest', {
      token: frontdesk,
      body: { customerId: customer.id, notifyText: true, cell: customer.cell, notifyEmail: false, email: '' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Newest first: the first card request text is this one.
    const latest = (await outbox(server)).find((m) => m.channel === 'SMS' && m.link?.includes('/card/'));
    expect(latest!.body).toMatch(/^Paula, store a card with Bright Smiles Dental: http.*\/card\//);
  });

  it('refuses another role with 403, and writes nothing', async () => {
    const before = await rows();
    expect((await server.call('GET', '/api/settings/messageTemplates', { token: frontdesk })).status).toBe(
      403,
    );
    expect((await save(ownRequest, frontdesk)).status).toBe(403);
    const restore = await server.call('POST', '/api/settings/messageTemplates/restore', {
      token: frontdesk,
      body: { kind: 'CARD_REQUEST' },
    });
    expect(restore.status).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
