/**
 * The server `npm start` runs is the build in dist/server (scripts/build-server.ts), not the sources
 * the other tests run. This starts that build, as a child process, on a copy of the seeded folder:
 * it finds the files it reads beside its sources (the migrations, the card frame's files, the root),
 * answers as the sources do, and with CHAIRSIDE_START_TIMINGS=1 prints the steps of its start that
 * `npm run bench server` breaks the cold start into.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtServer, startChildServer, type ChildServer } from '../support/childServer.js';
import { buildServer } from '../../scripts/build-server.js';
import { signIn } from '../support/oidc.js';
import { copyTemplate } from '../support/template-db.js';

const dataDir = copyTemplate();
let server: ChildServer;

beforeAll(async () => {
  // Built here when its sources changed since the last build (`npm test` builds after Vitest).
  await buildServer({ ifChanged: true });
  server = await startChildServer(dataDir, { CHAIRSIDE_START_TIMINGS: '1' }, [], { run: 'build' });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

it('runs from dist/server, reads its migrations and card files from the sources, and answers', async () => {
  expect(fs.existsSync(builtServer)).toBe(true);
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  const migrations = fs
    .readdirSync(path.resolve(import.meta.dirname, '../../server/db/migrations'))
    .filter((name) => name.endsWith('.sql')).length;
  expect(((await ready.json()) as { value: { migrations: number } }).value.migrations).toBe(migrations);

  const config = (await (await fetch(`${server.url}/api/configuration`)).json()) as {
    value: { cardProviderScriptUrl: string };
  };
  const script = await fetch(config.value.cardProviderScriptUrl);
  expect(script.status).toBe(200);
  // The file from server/card-provider/browser, with the provider's origin written in.
  const origin = new URL(config.value.cardProviderScriptUrl).origin;
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../server/card-provider/browser/tokenize.js'),
    'utf8',
  );
  expect(await script.text()).toBe(source.replace("'__PROVIDER_ORIGIN__'", JSON.stringify(origin)));

  const { access_token: token } = await signIn(server.url, 'frontdesk@chairside.test');
  const search = await fetch(`${server.url}/api/patient/searchPatient?name=okafor`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(search.status).toBe(200);
  const found = (await search.json()) as { value: { patients: { lastName: string }[] } };
  expect(found.value.patients.map((p) => p.lastName)).toContain('Okafor');
  // A request that breaks the contract is refused by the zod compilers the app was created with.
  const bad = await fetch(`${server.url}/api/patient/searchPatient?name=okafor&clinicNum=abc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(bad.status).toBe(400);
});

it('prints when each step of its start ended, in order, for the cold-start bench', async () => {
  const line = server
    .output()
    .split('\n')
    .find((l) => l.startsWith('chairside-start-timings '));
  expect(line).toBeDefined();
  const timings = JSON.parse(line!.slice('chairside-start-timings '.length)) as {
    timeOrigin: number;
    phases: { name: string; end: number }[];
  };
  expect(timings.phases.map((p) => p.name)).toEqual([
    'Node (and tsx, from the sources)',
    'server modules',
    'configuration',
    'data folder lock',
    'PGlite open',
    'migrations',
    'demo data checked',
    'instance, clock, embed origins',
    'identity (keys, OpenID provider)',
    'card provider',
    'API (Fastify ready)',
    'listening, jobs started',
  ]);
  const ends = timings.phases.map((p) => p.end);
  expect(ends).toEqual([...ends].sort((a, b) => a - b));
  // The process started after the bench spawned it, and was listening before its first answer.
  expect(timings.timeOrigin).toBeGreaterThanOrEqual(server.spawnedAt - 5);
  expect(timings.timeOrigin + ends.at(-1)!).toBeLessThanOrEqual(server.spawnedAt + server.startMs + 5);
});
