/**
 * The server log's three nets (scrub.ts) and its table's sink (sink.ts): a line logged with secrets
 * in every place they could sit reaches neither standard output nor the rows stored; the rows are
 * written in batches, never one insert per line, and what waits is stored when the sink stops.
 */
import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { createServerLog } from './logger.js';
import { scrubText } from './scrub.js';
import { rowOfLine } from './sink.js';
import type { LogRow } from './store.js';

const inserts: LogRow[][] = [];
vi.mock('./store.js', () => ({
  insertLogRows: async (_db: unknown, rows: LogRow[]) => {
    inserts.push(rows);
  },
}));

beforeEach(() => {
  inserts.length = 0;
});

const TUNNEL_KEY = 'cstk_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXBhcnQ';
const CARD = '4111 1111 1111 1111';
const SECRETS = [
  TUNNEL_KEY,
  JWT,
  CARD,
  '4111111111111111',
  'hunter2-password',
  'session=abc123cookie',
  'link-token-Q2hhaXJzaWRlTGluaw',
  'tok_c2F2ZWRDYXJkVG9rZW4',
  'deep-secret-value',
];

function logged(level = 'info') {
  const out: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.push(chunk.toString());
      done();
    },
  });
  return { out, ...createServerLog({ level, destination, sink: { flushMs: 60_000, batchLines: 3 } }) };
}

function logWithSecrets(log: ReturnType<typeof logged>['log']) {
  log.child({ reqId: 'req-secret-1', companyId: 7 }).error(
    {
      req: { headers: { authorization: `Bearer ${JWT}`, cookie: 'session=abc123cookie' } },
      body: {
        password: 'hunter2-password',
        cardNumber: '4111111111111111',
        nested: { clientSecret: 'deep-secret-value' },
      },
      url: '/api/public/paymentRequest?token=link-token-Q2hhaXJzaWRlTGluaw',
      vault: 'charged tok_c2F2ZWRDYXJkVG9rZW4',
      err: new Error(`The connector presented ${TUNNEL_KEY} with card ${CARD}`),
    },
    `heartbeat refused for key ${TUNNEL_KEY}`,
  );
}

describe('the server log', () => {
  it('writes no secret to standard output or to the rows it stores', async () => {
    const { out, log, sink } = logged();
    logWithSecrets(log);
    sink.attach({ db: {} as Db, instance: 'boot-1', warn: () => undefined });
    await sink.flush();
    const stored = JSON.stringify(inserts.flat());
    for (const secret of SECRETS) {
      expect(out.join(''), secret).not.toContain(secret);
      expect(stored, secret).not.toContain(secret);
    }
    const [row] = inserts.flat();
    expect(row).toMatchObject({
      level: 50,
      instance: 'boot-1',
      companyId: 7,
      requestId: 'req-secret-1',
      message: 'heartbeat refused for key cstk_[Redacted]',
    });
    // What is not a secret stays, to be searched.
    expect(row!.fields).toMatchObject({
      url: '/api/public/paymentRequest?token=[Redacted]',
      body: { password: '[Redacted]', nested: { clientSecret: '[Redacted]' } },
      err: {
        type: 'Error',
        message: 'The connector presented cstk_[Redacted] with card [Redacted card number]',
      },
    });
  });

  it('keeps the lines logged before the database is open, and stores them in batches, not one insert a line', async () => {
    const { log, sink } = logged();
    log.info('before the database');
    log.info('still before');
    expect(inserts).toEqual([]);
    sink.attach({ db: {} as Db, instance: 'boot-2', warn: () => undefined });
    await sink.flush();
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.map((r) => r.message)).toEqual(['before the database', 'still before']);
    for (let i = 0; i < 7; i++) log.warn({ i }, `line ${i}`);
    await sink.stop();
    // Three lines make a batch (batchLines); what was left is stored when the sink stops.
    expect(
      inserts
        .slice(1)
        .flat()
        .map((r) => r.message),
    ).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `line ${i}`));
    expect(inserts.length).toBeLessThan(1 + 7);
    log.warn('after the stop');
    await sink.flush();
    expect(inserts.flat().some((r) => r.message === 'after the stop')).toBe(false);
  });

  it('reads a line of any shape without failing', () => {
    expect(rowOfLine('not json', 'b')).toBeNull();
    expect(rowOfLine('{"level":40,"time":1700000000000,"msg":"x","companyId":"seven"}', 'b')).toMatchObject({
      level: 40,
      companyId: null,
      fields: { companyId: 'seven' },
    });
  });

  it.each([
    [
      'a card number typed with dashes',
      'card 5555-5555-5555-4444 declined',
      'card [Redacted card number] declined',
    ],
    ['a number that fails Luhn (an id, a time)', 'took 1733312345678 ms', 'took 1733312345678 ms'],
    ['a bearer token', 'Authorization: Bearer abc.def', 'Authorization: Bearer [Redacted]'],
    [
      "a patient's link",
      'sent https://x.test/#/p/Q2hhaXJzaWRlTGlua1Rva2Vu1234',
      'sent https://x.test/#/p/[Redacted]',
    ],
    [
      "a patient's link at its path",
      'GET /enroll/Q2hhaXJzaWRlTGlua1Rva2Vu1234 200',
      'GET /enroll/[Redacted] 200',
    ],
    ['a password in a form body', 'username=a&password=s3cret', 'username=a&password=[Redacted]'],
  ])('cuts %s out of a text', (_what, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });
});
