/**
 * Every report's CSV export (server/reports/export.ts), whatever the report: the file is the report's
 * answer to the same request, line for line (each report's own test reads its figures); a bad filter
 * is refused when the link is asked for, naming its field; a link changed or expired is refused; the
 * file is named by the report and its period, and served as the transactions export is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../server/reports/definitions.js';
import { csvCell } from '../../server/reports/export.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

const LAST_YEAR = { from: '2025-12-01', to: '2026-11-30' };

async function linkFor(report: string, filters: Record<string, unknown>) {
  return server.call<{ url: string; expires: string }>('POST', '/api/reports/export', {
    token: admin,
    body: { report, filters },
  });
}

describe('a report’s CSV', () => {
  it.each(Object.values(REPORTS).map((r) => [r.name, r] as const))(
    '%s: the file is the report’s answer to the same request',
    async (name, report) => {
      const request = report.endpoint.body.parse(LAST_YEAR);
      const answer = await server.call('POST', report.endpoint.path, { token: admin, body: request });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expected = [...report.csv(answer.body.value, request)]
        .map((row) => `${row.map(csvCell).join(',')}\r\n`)
        .join('');
      expect(expected.split('\r\n').length).toBeGreaterThan(2);

      const link = await linkFor(name, LAST_YEAR);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const res = await fetch(link.body.value!.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${name}-2025-12-01-to-2026-11-30.csv"`,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toBe(expected);
    },
  );
});

describe('the export’s refusals', () => {
  it('a filter its report refuses is refused at once, naming the field under body.filters', async () => {
    const backwards = await linkFor('collections', { from: '2026-11-30', to: '2026-11-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      'body.filters.to: The end date must not be before the start date.',
    ]);
    const tooLong = await linkFor('collections', { from: '2015-01-01', to: '2026-11-30' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual(['body.filters.to: A report covers at most five years.']);
    const noSuch = await linkFor('everything', LAST_YEAR);
    expect(noSuch.status).toBe(400);
    expect(noSuch.body.errors[0]).toMatch(/^body\.report: /);
  });

  it('a link that was changed, or that expired, is refused', async () => {
    const link = await linkFor('collections', LAST_YEAR);
    const token = new URL(link.body.value!.url).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), p: 2 }),
    ).toString('base64url');
    const forged = await server.call('GET', `/api/reports/export.csv?token=${widened}.${signature}`);
    expect(forged.status).toBe(400);
    expect(forged.body.errors[0]).toBe(
      'query.token: This export link is not valid. Export the report again.',
    );
    const realNow = Date.now;
    Date.now = () => realNow() + 61_000;
    try {
      const late = await server.call('GET', `/api/reports/export.csv?token=${token}`);
      expect(late.status).toBe(400);
      expect(late.body.errors[0]).toBe('query.token: This export link has expired. Export the report again.');
    } finally {
      Date.now = realNow;
    }
  });
});
