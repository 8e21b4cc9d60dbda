/**
 * The front end's caching: hashed files (widget chunks, portal assets) are cached for good, also
 * when the pre-compressed .br or .gz beside them is what is sent; entry points are revalidated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { serveFrontEnd } from './static.js';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-static-'));
const app = Fastify();

beforeAll(async () => {
  const publicDir = path.join(distDir, 'public');
  fs.mkdirSync(path.join(publicDir, 'widgets', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.mkdirSync(path.join(publicDir, 'patient'));
  fs.writeFileSync(
    path.join(publicDir, 'patient', 'index.html'),
    '<!doctype html><html><head><title>Patient</title></head></html>',
  );
  fs.writeFileSync(path.join(publicDir, 'embed.js'), 'void 0;');
  const chunk = path.join(publicDir, 'widgets', 'chunks', 'react-Ab12Cd34.js');
  fs.writeFileSync(chunk, 'export const a = 1;');
  fs.writeFileSync(`${chunk}.br`, 'brotli bytes');
  await serveFrontEnd(app, {
    config: { distDir },
    cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
    // The renderer not built: the page renders in the patient's browser (tests/api/patient-pages.test.ts
    // has the server's first view).
    patientPage: () => Promise.resolve(null),
  } as unknown as AppContext);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('cache headers of the front end', () => {
  it.each([['identity'], ['br, gzip']])(
    'a hashed chunk is immutable (accept-encoding: %s)',
    async (encoding) => {
      const res = await app.inject({
        url: '/widgets/chunks/react-Ab12Cd34.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      if (encoding.includes('br')) expect(res.headers['content-encoding']).toBe('br');
    },
  );

  it.each([['/embed.js'], ['/']])('%s is revalidated', async (url) => {
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe("the patient's pages", () => {
  it.each([['/p/Q2hhaXJzaWRl'], ['/card/Q2hhaXJzaWRl'], ['/enroll/Q2hhaXJzaWRl']])(
    '%s answers their own entry, revalidated, when the first view is not built',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Patient</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // The card provider's origin, connected to before the page's script asks for its frame.
      expect(res.body).toContain('<link rel="preconnect" href="https://cards.example.com" /></head>');
    },
  );

  it('answers no page for an address without a token, or with more', async () => {
    for (const url of ['/p', '/p/', '/card/a/b'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });
});

describe('the icon', () => {
  it('answers /favicon.ico with the Chairside mark, so no page logs a 404 for it', async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });
});
