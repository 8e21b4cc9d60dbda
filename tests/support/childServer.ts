/**
 * Runs the sandbox as a child process, from its sources through tsx (as `npm run dev` does) or built
 * (as `npm start` does), so a load generator in this process does not share the server's event loop.
 * The tests that kill a server, the benches and `npm run cluster` (scripts/cluster) all start it here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/start.js';

export const root = path.resolve(import.meta.dirname, '../..');
/** The server as `npm start` runs it (scripts/build-server.ts). */
export const builtServer = path.join(root, 'dist', 'server', 'main.js');

export interface ChildServer {
  url: string;
  /** From spawn to the first answer of GET /api/configuration. */
  startMs: number;
  /** When it was spawned (Unix time in ms, as performance.timeOrigin + performance.now()). */
  spawnedAt: number;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  /** What it printed so far (its log, on stdout, and stderr). */
  output(): string;
  stop(): Promise<void>;
  /** kill -9, as a crash would: the process ends where it is, with nothing closed or written. */
  kill(): Promise<void>;
}

export async function startChildServer(
  dataDir: string,
  env: Record<string, string> = {},
  /** Modules the process imports before the server (a test's seams). */
  preload: string[] = [],
  opts: {
    /**
     * The sources through tsx (what the tests run: always the code as it is), or the build `npm start`
     * runs (dist/server/main.js, as `npx tsx scripts/build.ts` left it; the caller builds it first).
     */
    run?: 'source' | 'build';
    /** Called with what the process prints, as it prints it. */
    onOutput?: (text: string, stream: 'stdout' | 'stderr') => void;
    /** Another checkout's build (run: build) to start instead of this one's, e.g. a commit to compare with. */
    root?: string;
  } = {},
): Promise<ChildServer> {
  // A restart on the same ports keeps the same issuer, so the tokens it gave out before still verify.
  const port = Number(env.PORT) || (await freePort());
  const cardPort = Number(env.CARD_PROVIDER_PORT) || (await freePort());
  const url = `http://localhost:${port}`;
  const t0 = performance.now();
  const { run = 'source', onOutput, root: cwd = root } = opts;
  if (run === 'build' && preload.length) throw new Error('Preloaded seams need the sources (run: source).');
  const args =
    run === 'build'
      ? [path.join(cwd, 'dist', 'server', 'main.js')]
      : ['--import', 'tsx', ...preload.flatMap((m) => ['--import', m]), 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      CARD_PROVIDER_PORT: String(cardPort),
      CHAIRSIDE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      BILLING_TIMER: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
    onOutput?.(d.toString(), 'stdout');
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    output += d.toString();
    onOutput?.(d.toString(), 'stderr');
    if (process.env.BENCH_SERVER_ERR) process.stderr.write(d);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${stderr}`);
    try {
      const res = await fetch(`${url}/api/configuration`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    url,
    startMs,
    spawnedAt: performance.timeOrigin + t0,
    pid: child.pid!,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export function tempDataDir(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), `chairside-bench-${name}-`)), 'data');
}
