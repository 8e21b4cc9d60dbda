/**
 * The cluster's round-robin proxy in front of two small upstreams: requests and WebSocket upgrades
 * take turns; an upstream that refuses connections is skipped, so nothing a client sends fails
 * while one is down; with none up, the answer is a 503 envelope.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startProxy, type RoundRobinProxy } from './proxy.js';

interface Upstream {
  name: string;
  port: number;
  server: http.Server;
  stop(): Promise<void>;
}

async function upstream(name: string, port = 0): Promise<Upstream> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => res.end(JSON.stringify({ name, method: req.method, url: req.url, body })));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (m) => socket.send(`${name}:${m.toString()}`)));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    name,
    port: (server.address() as net.AddressInfo).port,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let a: Upstream;
let b: Upstream;
let proxy: RoundRobinProxy;
let url: string;

beforeAll(async () => {
  a = await upstream('a');
  b = await upstream('b');
  const ports = [a.port, b.port];
  proxy = await startProxy({ port: 0, upstreams: () => ports.map((port) => ({ host: '127.0.0.1', port })) });
  url = `http://127.0.0.1:${proxy.port}`;
});

afterAll(async () => {
  await proxy?.close();
  await a?.stop();
  await b?.stop();
});

async function get(path = '/x'): Promise<{ status: number; name?: string; code?: string }> {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, ...((await res.json()) as { name?: string; code?: string }) };
}

function echoOverWebSocket(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/hub`);
    ws.on('open', () => ws.send(text));
    ws.on('message', (m) => {
      resolve(m.toString());
      ws.close();
    });
    ws.on('error', reject);
  });
}

describe('the round-robin proxy', () => {
  it('sends requests and upgrades to each upstream in turn, with their bodies', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get()).name);
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
    expect(names[0]).not.toBe(names[1]);
    expect(names[2]).toBe(names[0]);

    const res = await fetch(`${url}/api/x?y=1`, { method: 'POST', body: '{"amount":4200}' });
    expect(await res.json()).toMatchObject({ method: 'POST', url: '/api/x?y=1', body: '{"amount":4200}' });

    const echoes = [await echoOverWebSocket('hi'), await echoOverWebSocket('hi')];
    expect(new Set(echoes)).toEqual(new Set(['a:hi', 'b:hi']));
  });

  it('skips an upstream that refuses connections: no request or upgrade fails while it is down', async () => {
    const port = b.port;
    await b.stop();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get());
    expect(answers).toEqual(
      Array.from({ length: 6 }, () => expect.objectContaining({ status: 200, name: 'a' })),
    );
    const posted = await fetch(`${url}/p`, { method: 'POST', body: 'kept' });
    expect(await posted.json()).toMatchObject({ name: 'a', body: 'kept' });
    for (let i = 0; i < 4; i++) expect(await echoOverWebSocket('ws')).toBe('a:ws');

    // Back on its port: it takes its turns again.
    b = await upstream('b', port);
    const names = new Set<string | undefined>();
    for (let i = 0; i < 4; i++) names.add((await get()).name);
    expect(names).toEqual(new Set(['a', 'b']));
  });

  it('answers 503 with an envelope when no upstream is up', async () => {
    const [portA, portB] = [a.port, b.port];
    await a.stop();
    await b.stop();
    expect(await get()).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'No Chairside instance is answering.',
    });
    a = await upstream('a', portA);
    b = await upstream('b', portB);
  });
});
