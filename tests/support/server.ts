/**
 * A real sandbox server for API tests: its own copy of the seeded database, free ports, no billing
 * timer. `api(token)` calls it the way the SDK does and returns status and envelope.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Envelope } from '../../embed-sdk/contract/endpoint.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { signIn, type Tokens } from './oidc.js';
import { copyTemplate } from './template-db.js';

export interface TestServer extends RunningServer {
  signIn(email: string, password?: string): Promise<Tokens>;
  /** Signs in once per user and caches the token. */
  tokenFor(user: 'admin' | 'frontdesk' | 'viewer'): Promise<string>;
  /**
   * The user's token after they accepted the terms of service (the seeded viewer has not, and the
   * API serves them nothing else until they do).
   */
  tokenWithTerms(user: 'admin' | 'frontdesk' | 'viewer'): Promise<string>;
  call<T = unknown>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Envelope<T> }>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  opts: Parameters<typeof startServer>[1] = {},
): Promise<TestServer> {
  const dataDir = copyTemplate();
  const server = await startServer(
    {
      ...process.env,
      PORT: '0',
      CARD_PROVIDER_PORT: '0',
      CHAIRSIDE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      BILLING_TIMER: 'off',
      // Tests post what is due themselves (runDuePostings), when they mean to.
      PRACTICE_SYSTEM_CONNECTOR: 'off',
      LOG_LEVEL: 'silent',
      ...env,
    },
    opts,
  );
  // Behind a shared PUBLIC_URL (several instances, as behind a proxy), each is called where it listens.
  const url = env.PUBLIC_URL && Number(env.PORT) ? `http://localhost:${env.PORT}` : server.url;
  const tokens = new Map<string, string>();
  const test: TestServer = {
    ...server,
    url,
    async close() {
      await server.close();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
    signIn: (email, password) => signIn(url, email, password),
    async tokenFor(user) {
      if (!tokens.has(user)) tokens.set(user, (await signIn(url, `${user}@chairside.test`)).access_token);
      return tokens.get(user)!;
    },
    async tokenWithTerms(user) {
      const token = await test.tokenFor(user);
      const accepted = await test.call('POST', '/api/auth/acceptTermsOfService', { token });
      if (accepted.status !== 200) throw new Error(`${user} could not accept the terms: ${accepted.status}`);
      return token;
    },
    async call(method, pathAndQuery, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (method === 'POST') headers['content-type'] = 'application/json';
      const res = await fetch(`${url}${pathAndQuery}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) };
    },
  };
  return test;
}
