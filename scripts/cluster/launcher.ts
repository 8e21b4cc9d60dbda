/**
 * The cluster: one PostgreSQL, N sandbox instances (child processes, as `npm start` runs one) on it,
 * and HAProxy in front of them on one port (scripts/cluster/haproxy.ts). `npm run cluster`, the
 * bench's one-against-three figures and the cluster's tests all start it here.
 *
 * The card-entry test provider: every instance serves its own, on a port of its own, and HAProxy
 * fronts them all on the port after the cluster's (as `npm start` puts it after the server's), one
 * origin for every page's card frame. A nonce made through one instance's provider is redeemed by
 * any other's, since they keep nonces and cards in the database: no instance is the cluster's only
 * provider.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../server/start.js';
import { startChildServer, type ChildServer } from '../../tests/support/childServer.js';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.js';
import { startFront, type Front } from './haproxy.js';

export interface ClusterInstance {
  /** 1-based, as people count them. */
  number: number;
  port: number;
  /** Its card-entry provider's port. */
  cardPort: number;
  /** Its name in HAProxy's configuration and stats. */
  name: string;
  /** The running process; null while stopped. */
  server: ChildServer | null;
}

export interface Cluster {
  /** HAProxy's URL: the one origin people and browsers use. */
  url: string;
  /** The card-entry provider's origin: HAProxy's second frontend, over every instance's provider. */
  cardProviderUrl: string;
  postgres: TestPostgres;
  front: Front;
  instances: ClusterInstance[];
  /** Whether the database was new (migrated and seeded by the first instance). */
  seeded: boolean;
  /** Starts instance `number` again (after `kill` or `stopInstance`), on its own port. */
  startInstance(number: number): Promise<ChildServer>;
  /** kill -9 of one instance. */
  killInstance(number: number): Promise<void>;
  stopInstance(number: number): Promise<void>;
  /** Stops HAProxy, every instance, then PostgreSQL. */
  stop(): Promise<void>;
}

export async function startCluster(opts: {
  instances?: number;
  /**
   * HAProxy's port; 0 (the default) picks a free one. The card-entry frontend takes the next, and
   * instance n PORT + 2n (its provider PORT + 2n + 1); with 0, free ones.
   */
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
  let front: Front | null = null;
  try {
    // Given a port (`npm run cluster`), the instances take the ones after it in pairs (the instance,
    // then its card-entry provider), so that a run's ports are known; else free ones.
    for (let n = 1; n <= count; n++) {
      instances.push({
        number: n,
        name: `instance${n}`,
        port: opts.port ? opts.port + 2 * n : await freePort(),
        cardPort: opts.port ? opts.port + 2 * n + 1 : await freePort(),
        server: null,
      });
    }
    const port = opts.port || (await freePort());
    const cardPort = opts.port ? opts.port + 1 : await freePort();
    const url = `http://localhost:${port}`;
    const cardProviderUrl = `http://localhost:${cardPort}`;
    // Not used with DATABASE_URL, but the child wants a folder.
    const unused = path.join(os.tmpdir(), 'chairside-cluster-unused');

    const envFor = (instance: ClusterInstance): Record<string, string> => ({
      DATABASE_URL: postgres.url,
      PUBLIC_URL: url,
      PORT: String(instance.port),
      CARD_PROVIDER_PORT: String(instance.cardPort),
      CARD_PROVIDER_PUBLIC_URL: cardProviderUrl,
      // HAProxy connects from this machine: its X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
      ...opts.env,
      ...opts.envOf?.(instance.number),
    });
    const start = async (n: number) => {
      const instance = instances[n - 1];
      if (!instance) throw new Error(`There is no instance ${n}.`);
      if (instance.server) throw new Error(`Instance ${n} is already running.`);
      instance.server = await startChildServer(unused, envFor(instance), opts.preload ?? [], {
        run: opts.run ?? 'source',
        onOutput: opts.onOutput && ((text, stream) => opts.onOutput!(n, text, stream)),
      });
      return instance.server;
    };

    // The first instance alone migrates and seeds an empty database; the others then start together.
    await start(1);
    await Promise.all(instances.slice(1).map((i) => start(i.number)));
    // In front once every instance is ready: HAProxy counts a server up until a check says otherwise.
    front = await startFront({
      port,
      cardPort,
      servers: instances.map((i) => ({
        name: i.name,
        host: '127.0.0.1',
        port: i.port,
        cardPort: i.cardPort,
      })),
    });

    // A launcher that dies (an uncaught error in a bench) must not leave its instances running.
    const killAll = () => {
      for (const i of instances) if (i.server) process.kill(i.server.pid, 'SIGKILL');
    };
    process.once('exit', killAll);
    const running = front;
    return {
      url,
      cardProviderUrl,
      postgres,
      front: running,
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
    await front?.close();
    await Promise.all(instances.map((i) => i.server?.stop()));
    await postgres.stop();
    throw error;
  }
}
