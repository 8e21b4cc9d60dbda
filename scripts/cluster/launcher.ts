/**
 * The cluster: one PostgreSQL, N sandbox instances (child processes, as `npm start` runs one) on it,
 * and the round-robin proxy in front of them on one port. `npm run cluster`, the bench's
 * one-against-three figures and the hub's reconnect test all start it here.
 *
 * The card-entry test provider: every instance starts one, but the cluster uses the first
 * instance's only, on the port after the proxy's (as `npm start` puts it after the server's). The
 * browser's card frame gets its nonce from that provider, so every instance's charges must go to
 * that same provider (with the secret the cluster gives them all), as servers share a real provider.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/start.js';
import { startChildServer, type ChildServer } from '../../bench/lib/server.js';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.js';
import { startProxy, type RoundRobinProxy } from './proxy.js';

export interface ClusterInstance {
  /** 1-based, as people count them. */
  number: number;
  port: number;
  /** The running process; null while stopped. */
  server: ChildServer | null;
}

export interface Cluster {
  /** The proxy's URL: the one origin people and browsers use. */
  url: string;
  /** The card-entry provider's origin (the first instance's provider). */
  cardProviderUrl: string;
  postgres: TestPostgres;
  proxy: RoundRobinProxy;
  instances: ClusterInstance[];
  /** Whether the database was new (migrated and seeded by the first instance). */
  seeded: boolean;
  /** Starts instance `number` again (after `kill` or `stopInstance`), on its own port. */
  startInstance(number: number): Promise<ChildServer>;
  /** kill -9 of one instance. */
  killInstance(number: number): Promise<void>;
  stopInstance(number: number): Promise<void>;
  /** Stops the proxy, every instance, then PostgreSQL. */
  stop(): Promise<void>;
}

export async function startCluster(opts: {
  instances?: number;
  /** The proxy's port; 0 (the default) picks a free one. The card provider takes the next. */
  port?: number;
  /** PostgreSQL's folder, kept between runs; none: a throwaway server. */
  postgresDir?: string;
  /** Environment for every instance (LOG_LEVEL, BILLING_TIMER, …). */
  env?: Record<string, string>;
  /** Environment for one instance only, by number. */
  envOf?: (number: number) => Record<string, string>;
  /** Modules each instance imports before the server (a test's seams). */
  preload?: string[];
  /** The sources through tsx (the tests), or the build `npm run cluster` made first (faster starts). */
  run?: 'source' | 'build';
  /**
   * `shared` (the default): every instance charges through the first instance's card-entry
   * provider, as a browser's card frame needs. `own`: each charges through its own, which shares
   * the card vault in the database (API-only load, where a frame's nonce is not involved).
   */
  cardProvider?: 'shared' | 'own';
  /** What each instance prints, as it prints it. */
  onOutput?: (number: number, text: string, stream: 'stdout' | 'stderr') => void;
}): Promise<Cluster> {
  const count = opts.instances ?? 3;
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`The number of instances must be 1 or more, not ${count}.`);
  // A new PostgreSQL folder is an empty database, which the first instance migrates and seeds.
  const seeded = !opts.postgresDir || !fs.existsSync(path.join(opts.postgresDir, 'data', 'PG_VERSION'));
  const postgres = await startPostgres(opts.postgresDir ? { dir: opts.postgresDir } : {});
  const instances: ClusterInstance[] = [];
  let proxy: RoundRobinProxy | null = null;
  try {
    for (let n = 1; n <= count; n++) instances.push({ number: n, port: await freePort(), server: null });
    proxy = await startProxy({
      port: opts.port ?? 0,
      upstreams: () => instances.map((i) => ({ host: '127.0.0.1', port: i.port })),
    });
    const url = `http://localhost:${proxy.port}`;
    const cardPort = opts.port ? opts.port + 1 : await freePort();
    const cardProviderUrl = `http://localhost:${cardPort}`;
    const secret = randomBytes(32).toString('base64url');
    // Not used with DATABASE_URL, but the child wants a folder.
    const unused = path.join(os.tmpdir(), 'chairside-cluster-unused');

    const envFor = (n: number): Record<string, string> => ({
      DATABASE_URL: postgres.url,
      PUBLIC_URL: url,
      CARD_PROVIDER_SECRET: secret,
      ...(n === 1
        ? { CARD_PROVIDER_PORT: String(cardPort) }
        : opts.cardProvider === 'own'
          ? { CARD_PROVIDER_PORT: '0' }
          : { CARD_PROVIDER_URL: cardProviderUrl }),
      ...opts.env,
      ...opts.envOf?.(n),
    });
    const start = async (n: number) => {
      const instance = instances[n - 1];
      if (!instance) throw new Error(`There is no instance ${n}.`);
      if (instance.server) throw new Error(`Instance ${n} is already running.`);
      instance.server = await startChildServer(
        unused,
        { ...envFor(n), PORT: String(instance.port) },
        opts.preload ?? [],
        {
          run: opts.run ?? 'source',
          onOutput: opts.onOutput && ((text, stream) => opts.onOutput!(n, text, stream)),
        },
      );
      return instance.server;
    };

    // The first instance alone migrates and seeds an empty database; the others then start together.
    await start(1);
    await Promise.all(instances.slice(1).map((i) => start(i.number)));

    // A launcher that dies (an uncaught error in a bench) must not leave its instances running.
    const killAll = () => {
      for (const i of instances) if (i.server) process.kill(i.server.pid, 'SIGKILL');
    };
    process.once('exit', killAll);
    const running = proxy;
    return {
      url,
      cardProviderUrl,
      postgres,
      proxy: running,
      instances,
      seeded,
      startInstance: start,
      async killInstance(n) {
        const instance = instances[n - 1];
        await instance?.server?.kill();
        if (instance) instance.server = null;
      },
      async stopInstance(n) {
        const instance = instances[n - 1];
        await instance?.server?.stop();
        if (instance) instance.server = null;
      },
      async stop() {
        process.removeListener('exit', killAll);
        await running.close();
        await Promise.all(instances.map((i) => i.server?.stop()));
        for (const i of instances) i.server = null;
        await postgres.stop();
      },
    };
  } catch (error) {
    await proxy?.close();
    await Promise.all(instances.map((i) => i.server?.stop()));
    await postgres.stop();
    throw error;
  }
}
