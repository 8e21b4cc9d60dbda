/**
 * The cluster's front: HAProxy (Debian's package, installed by scripts/ensure.mjs as PostgreSQL is)
 * run as a child process on a configuration written here. `haproxyConfig` is the whole rule set, the
 * same text an operator puts in /etc/haproxy/haproxy.cfg (README, "Scaled out"); `startFront` writes
 * it to a temporary folder, checks it (`haproxy -c`), starts HAProxy in the foreground and stops it.
 *
 * - Round-robin over the instances; a WebSocket upgrade (the realtime hub) is a request like any
 *   other, then a tunnel kept for `timeout tunnel`.
 * - Health checks on GET /readyz: an instance that is starting, or has lost its database, answers
 *   503 there and gets no traffic until it answers 200 again. A refused connection in live traffic
 *   takes the instance out at once (observe layer4), before its next check.
 * - A request whose connection to an instance failed goes to another one (retries, redispatch). One
 *   cut by an instance that died before answering is sent again to another only when that is safe:
 *   a GET or HEAD, or a request with an Idempotency-Key (the server runs a key once, or answers what
 *   its first run did); any other write answers 502, as it may have been done.
 * - The client's address in X-Forwarded-For (option forwardfor), which the instances trust
 *   (TRUST_PROXY) for their throttles.
 * - Bodies are streamed as HAProxy does by default (no http-buffer-request).
 * - The card-entry provider, which every instance serves on a port of its own, behind a second
 *   frontend (its own origin, as the card frame needs), checked on the instance's /readyz.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error: a plain ESM script without types
import { findHaproxy } from '../ensure.mjs';

const run = promisify(execFile);

export interface FrontServer {
  /** The server's name in HAProxy (its stats and logs). */
  name: string;
  host: string;
  /** The instance's port: the API, the hub, the front end and its /readyz. */
  port: number;
  /** The instance's card-entry provider's port, when the front has a card-entry frontend. */
  cardPort?: number;
}

export interface FrontOptions {
  /** The address HAProxy listens on: 127.0.0.1 here; `*` (every address) on a host of its own. */
  bind?: string;
  port: number;
  /** The card-entry frontend's port; none: no card-entry frontend. */
  cardPort?: number;
  servers: FrontServer[];
  /** The admin socket (`show stat`), for the tests' look at which instance holds a WebSocket. */
  statsSocket?: string;
}

/** The API's envelope (server/http/route.ts, `failure`), answered when no instance is up. */
const NO_INSTANCE = JSON.stringify({
  isSuccess: false,
  value: null,
  errors: ['The service is briefly unavailable. Please try again in a moment.'],
  showMessage: true,
});

/** HAProxy's configuration for the cluster: see this file's comment for what each part is for. */
export function haproxyConfig(opts: FrontOptions): string {
  const bind = opts.bind ?? '127.0.0.1';
  const servers = (check: (s: FrontServer) => string) =>
    opts.servers.map((s) => `    server ${s.name} ${check(s)}`);
  const lines = [
    'global',
    '    maxconn 4096',
    ...(opts.statsSocket ? [`    stats socket ${opts.statsSocket} mode 600 level admin`] : []),
    '',
    'defaults',
    '    mode http',
    '    option forwardfor',
    // Also the pause before a retry (min of it and 1 s): a request that met a dead instance is on
    // another one 250 ms later, and a hub client's reconnect (every 500 ms) well within 2 s.
    '    timeout connect 250ms',
    '    timeout client 60s',
    // The upstream timeout: an instance that has not answered a request in 60 s gets it answered 504.
    '    timeout server 60s',
    '    timeout http-request 10s',
    '    timeout http-keep-alive 10s',
    // A WebSocket (the hub) once upgraded: idle for up to an hour (the hub pings far more often).
    '    timeout tunnel 1h',
    '    timeout client-fin 5s',
    '    retries 3',
    '    option redispatch 1',
    '    retry-on conn-failure empty-response',
    '    default-server check inter 1s fastinter 250ms downinter 500ms rise 2 fall 2 observe layer4 error-limit 1 on-error mark-down',
    '',
    'frontend chairside',
    `    bind ${bind}:${opts.port}`,
    // A write cut by an instance that died is sent again only when its Idempotency-Key makes that safe.
    '    http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }',
    '    default_backend instances',
    '',
    'backend instances',
    '    balance roundrobin',
    '    option httpchk',
    '    http-check send meth GET uri /readyz',
    '    http-check expect status 200',
    `    http-error status 503 content-type application/json hdr retry-after 5 string '${NO_INSTANCE}'`,
    ...servers((s) => `${s.host}:${s.port}`),
  ];
  const card = opts.servers.filter((s) => s.cardPort !== undefined);
  if (opts.cardPort !== undefined && card.length > 0) {
    lines.push(
      '',
      'frontend card-entry',
      `    bind ${bind}:${opts.cardPort}`,
      '    default_backend card-entry',
      '',
      'backend card-entry',
      '    balance roundrobin',
      // Checked on the instance's own port: its provider serves while the instance is ready.
      '    option httpchk',
      '    http-check send meth GET uri /readyz',
      '    http-check expect status 200',
      ...opts.servers.map((s) => `    server ${s.name} ${s.host}:${s.cardPort} port ${s.port}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface ServerStat {
  /** UP, DOWN, or a check's way between them (`UP 1/2`, `DOWN 1/2`). */
  status: string;
  /** Its current sessions: a WebSocket through HAProxy is one for as long as it is open. */
  sessions: number;
  /** Requests that failed on it and were sent again (retried; redispatched to another server). */
  retries: number;
  redispatches: number;
}

export interface Front {
  port: number;
  cardPort?: number;
  /** The configuration HAProxy runs with (a temporary file, deleted by `close`). */
  configFile: string;
  config: string;
  /** The instances' backend as HAProxy sees it now, by server name (`show stat`). */
  servers(): Promise<Map<string, ServerStat>>;
  close(): Promise<void>;
}

/** HAProxy's binary, installed from Debian's package when missing and we may. */
export function haproxyBinary(): string {
  const bin = (findHaproxy as (opts: { install: boolean }) => string | null)({ install: true });
  if (!bin) {
    throw new Error(
      "No HAProxy found, and it could not be installed. Install Debian's haproxy package (apt-get install haproxy).",
    );
  }
  return bin;
}

export async function startFront(opts: Omit<FrontOptions, 'statsSocket'>): Promise<Front> {
  const bin = haproxyBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-haproxy-'));
  const statsSocket = path.join(dir, 'admin.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  const config = haproxyConfig({ ...opts, statsSocket });
  fs.writeFileSync(configFile, config);
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await run(bin, ['-c', '-q', '-f', configFile]);
  } catch (error) {
    cleanUp();
    throw new Error(`HAProxy refused its configuration: ${(error as { stderr?: string }).stderr ?? error}`);
  }

  // -db: in the foreground, as this process's child, its warnings on stderr.
  const child: ChildProcess = spawn(bin, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  const close = async () => {
    process.removeListener('exit', killNow);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGUSR1 would wait for open connections (a WebSocket may stay for an hour): stop at once.
      child.kill('SIGTERM');
      await exited;
    }
    cleanUp();
  };

  try {
    await waitForPort(opts.port, () => (child.exitCode !== null ? stderr : null));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    port: opts.port,
    cardPort: opts.cardPort,
    configFile,
    config,
    async servers() {
      const csv = await adminCommand(statsSocket, 'show stat');
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header!.split(',');
      const found = new Map<string, ServerStat>();
      for (const row of rows) {
        const cells = row.split(',');
        const cell = (name: string) => cells[columns.indexOf(name)] ?? '';
        const name = cell('svname');
        if (cell('pxname') !== 'instances' || name === 'FRONTEND' || name === 'BACKEND') continue;
        found.set(name, {
          status: cell('status'),
          sessions: Number(cell('scur')),
          retries: Number(cell('wretr')),
          redispatches: Number(cell('wredis')),
        });
      }
      return found;
    },
    close,
  };
}

/** Waits until HAProxy accepts connections on its port, or fails with what it printed if it exits. */
async function waitForPort(port: number, exitedWith: () => string | null): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const printed = exitedWith();
    if (printed !== null) throw new Error(`HAProxy exited during start-up:\n${printed}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`HAProxy did not listen on port ${port} within 10 s.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One command on HAProxy's admin socket, its whole answer. */
function adminCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(socketPath, () => socket.end(`${command}\n`));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
}
