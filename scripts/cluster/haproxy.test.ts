/**
 * The cluster's front (scripts/cluster/haproxy.ts): HAProxy on its generated configuration in front
 * of two small upstreams that answer /readyz as an instance does. Requests and WebSocket upgrades
 * take turns; the client's address is forwarded; an upstream whose /readyz answers 503 gets no
 * traffic until it answers 200; one that refuses connections costs no request; a request cut by an
 * upstream that dies is sent to the other when it is a GET or carries an Idempotency-Key, and
 * answers 502 otherwise; with none up, the answer is the API's 503 envelope.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort } from '../../server/start.js';
import { startFront, type Front } from './haproxy.js';

interface Upstream {
  name: string;
  port: number;
  /** What /readyz answers. */
  ready: boolean;
  /** The bodies of the requests it answered. */
  answered: string[];
  /** Requests to /die are cut with no answer, as by a process killed mid-request. */
  stop(): Promise<void>;
}

async function upstream(name: string, port = 0): Promise<Upstream> {
  const sockets = new Set<net.Socket>();
  const self: Upstream = { name, port, ready: true, answered: [], stop: async () => undefined };
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') {
      res.statusCode = self.ready ? 200 : 503;
      res.end();
      return;
    }
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.url === '/die' && name === 'a') {
        req.socket.destroy();
        return;
      }
      self.answered.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          body,
          forwardedFor: req.headers['x-forwarded-for'],
        }),
      );
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (m) => socket.send(`${name}:${m.toString()}`)));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  self.port = (server.address() as net.AddressInfo).port;
  self.stop = () =>
    new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return self;
}

let a: Upstream;
let b: Upstream;
let front: Front;
let url: string;

beforeAll(async () => {
  a = await upstream('a');
  b = await upstream('b');
  front = await startFront({
    port: await freePort(),
    servers: [
      { name: 'a', host: '127.0.0.1', port: a.port },
      { name: 'b', host: '127.0.0.1', port: b.port },
    ],
  });
  url = `http://127.0.0.1:${front.port}`;
});

afterAll(async () => {
  await front?.close();
  await a?.stop();
  await b?.stop();
});

type Answer = { status: number; name?: string; body?: string; forwardedFor?: string; errors?: string[] };

async function call(path = '/x', init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${url}${path}`, init);
  const text = await res.text();
  return { status: res.status, ...(text.startsWith('{') ? (JSON.parse(text) as object) : {}) };
}

function echoOverWebSocket(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${front.port}/hub`);
    ws.on('open', () => ws.send(text));
    ws.on('message', (m) => {
      resolve(m.toString());
      ws.close();
    });
    ws.on('error', reject);
  });
}

/** Which upstreams answer four requests in a row. */
async function answering(): Promise<Set<string | undefined>> {
  const names = new Set<string | undefined>();
  for (let i = 0; i < 4; i++) names.add((await call()).name);
  return names;
}

describe('the cluster front (HAProxy)', () => {
  it('sends requests and upgrades to each upstream in turn, with their bodies and the client address', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await call()).name);
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
    expect(names[0]).not.toBe(names[1]);
    expect(names[2]).toBe(names[0]);

    const posted = await call('/api/x?y=1', { method: 'POST', body: '{"amount":4200}' });
    expect(posted).toMatchObject({ method: 'POST', url: '/api/x?y=1', body: '{"amount":4200}' });
    // The client's address is added to what the client said, which an instance trusts only from HAProxy.
    expect(posted.forwardedFor).toBe('127.0.0.1');
    const forged = await call('/x', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forged.forwardedFor).toBe('203.0.113.9, 127.0.0.1');

    const echoes = [await echoOverWebSocket('hi'), await echoOverWebSocket('hi')];
    expect(new Set(echoes)).toEqual(new Set(['a:hi', 'b:hi']));
  });

  it('gives an upstream whose /readyz answers 503 no traffic, until it is ready again', async () => {
    b.ready = false;
    await vi.waitFor(async () => expect(await answering()).toEqual(new Set(['a'])), {
      timeout: 5_000,
      interval: 100,
    });
    for (let i = 0; i < 4; i++) expect(await echoOverWebSocket('ws')).toBe('a:ws');
    b.ready = true;
    await vi.waitFor(async () => expect(await answering()).toEqual(new Set(['a', 'b'])), {
      timeout: 5_000,
      interval: 100,
    });
  });

  it('sends a cut request to the other upstream when it is a GET or keyed, and answers 502 to another write', async () => {
    for (let i = 0; i < 2; i++) {
      // Whichever upstream's turn it is, a GET is answered: by b, at once or after a cut.
      expect(await call('/die')).toMatchObject({ status: 200, name: 'b' });
      const keyed = await call('/die', {
        method: 'POST',
        headers: { 'idempotency-key': `k-${i}` },
        body: 'kept',
      });
      expect(keyed).toMatchObject({ status: 200, name: 'b', body: 'kept' });
    }
    const answers = [];
    for (let i = 0; i < 2; i++) {
      answers.push(
        await call('/die', { method: 'POST', body: `once ${i}` }).then(
          (answer) => String(answer.status),
          // HAProxy closes a kept-alive connection rather than answer 502 there, as a server may.
          () => 'closed',
        ),
      );
    }
    // One of the two went to a, which died with it: it is not sent again, as it may have been done.
    expect(answers.filter((status) => status !== '200')).toEqual([expect.stringMatching(/^(502|closed)$/)]);
    expect(b.answered.filter((body) => body.startsWith('once'))).toHaveLength(1);
  });

  it('skips an upstream that refuses connections: no request or upgrade fails while it is down', async () => {
    const port = b.port;
    await b.stop();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call());
    expect(answers).toEqual(
      Array.from({ length: 6 }, () => expect.objectContaining({ status: 200, name: 'a' })),
    );
    expect(await call('/p', { method: 'POST', body: 'kept' })).toMatchObject({ name: 'a', body: 'kept' });
    for (let i = 0; i < 4; i++) expect(await echoOverWebSocket('ws')).toBe('a:ws');

    // Back on its port: it takes its turns again once its checks pass.
    b = await upstream('b', port);
    await vi.waitFor(async () => expect(await answering()).toEqual(new Set(['a', 'b'])), {
      timeout: 5_000,
      interval: 100,
    });
  });

  it("answers the API's 503 envelope when no upstream is up", async () => {
    const [portA, portB] = [a.port, b.port];
    await a.stop();
    await b.stop();
    const res = await fetch(`${url}/api/x`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      isSuccess: false,
      value: null,
      errors: ['The service is briefly unavailable. Please try again in a moment.'],
      showMessage: true,
    });
    a = await upstream('a', portA);
    b = await upstream('b', portB);
  });
});
