/**
 * Starts the whole sandbox on one origin: database (migrated, seeded when empty), identity provider,
 * API, realtime hub, card-entry test provider (on its own port) and the built front end.
 */
import net from 'node:net';
import type { DestinationStream } from 'pino';
import { createClock } from './clock.js';
import { loadConfig, type ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import type { Logger } from 'drizzle-orm/logger';
import { openDatabase } from './db/client.js';
import { openBus } from './db/notify.js';
import { isSeeded } from './db/seed/seeded.js';
import { buildApp } from './http/app.js';
import { AccountStates } from './http/caller.js';
import { CompanyCache } from './practices/cache.js';
import { firstViewLoader, patientPageLoader } from './http/firstViews.js';
import { healthRoutes } from './http/health.js';
import { routesOf, type RegisteredRoute } from './http/routeList.js';
import { serveFrontEnd } from './http/static.js';
import { outboxPageRedirect, sandboxRoutes } from './http/sandbox.js';
import { practiceAddonBackend } from './http/practiceAddonBackend.js';
import { createIdentity } from './identity/provider.js';
import { createHub } from './hub/index.js';
import { startCardProvider } from './card-provider/index.js';
import { createCardGateway } from './card-provider/gateway.js';
import { startJobs } from './jobs/index.js';
import { EmbedOrigins, seedOrigins } from './settings/embedOrigins.js';
import { schedulePurge } from './limits/store.js';
import { startInstance } from './instances.js';
import { createServerLog } from './logs/logger.js';

export interface RunningServer {
  url: string;
  ctx: AppContext;
  config: ServerConfig;
  /** Every route the server registered (methods and URLs, as Fastify has them). */
  routes: readonly RegisteredRoute[];
  /** Milliseconds from the call to listening, and how much of it went to migrating and seeding. */
  timings: { total: number; database: number; seed: number; phases: StartPhase[] };
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * One step of the start and when it ended, in milliseconds since the process started
 * (performance.now()), so that a bench can line the steps up with the process's own start and with
 * its first answer (`CHAIRSIDE_START_TIMINGS`, server/main.ts).
 */
export interface StartPhase {
  name: string;
  end: number;
}

/** A free TCP port on localhost, for PORT=0: the issuer URL must be known before listening. */
export async function freePort(host = 'localhost'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(
  env: Record<string, string | undefined> = process.env,
  opts: {
    queryLogger?: Logger;
    logDestination?: DestinationStream;
    /** The billing timer's period (a test runs it every few milliseconds); a minute by default. */
    billingIntervalMs?: number;
  } = {},
): Promise<RunningServer> {
  const t0 = performance.now();
  const phases: StartPhase[] = [];
  const mark = (name: string) => phases.push({ name, end: performance.now() });
  const config = loadConfig(env);
  // Standard output, and the database's table once it is open (attached below), secrets scrubbed.
  const { log, sink: logSink } = createServerLog({
    level: config.logLevel,
    destination: opts.logDestination,
  });
  const port = config.port || (await freePort(config.host));
  const publicUrl = config.publicUrl ?? `http://${config.host}:${port}`;
  mark('configuration');

  let seeded = false;
  let seedMs = 0;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger: opts.queryLogger,
    log,
    mark,
    serving: true,
    async prepare(db) {
      if (await isSeeded(db)) return;
      const t = performance.now();
      // Loaded only for an empty database: the seed's modules (faker, the builders) are a tenth of
      // the modules' load time, and a seeded database never needs them.
      const { seedDatabase } = await import('./db/seed/index.js');
      await seedDatabase(db, { scale: 1 });
      seeded = true;
      seedMs = performance.now() - t;
    },
  });
  const tDb = performance.now();
  // The log's last lines are stored before the database closes, after everything else has stopped.
  const closers: (() => Promise<void> | void)[] = [() => logSink.stop(), () => database.close()];
  try {
    mark(seeded ? 'demo data seeded' : 'demo data checked');
    const instance = await startInstance(database, log);
    logSink.attach({
      db: database.db,
      instance: instance.bootId,
      warn: (fields, message) => log.warn(fields, message),
    });
    // Stopped after the app has drained its requests: until then, what this process owns is alive.
    closers.unshift(() => instance.stop());
    // What one instance raises (realtime events, a practice switch) reaches the others through it.
    const bus = await openBus({
      database,
      databaseUrl: config.databaseUrl,
      instanceId: instance.bootId,
      log,
    });
    closers.unshift(() => bus.close());
    const clock = await createClock(database.db, { shared: database.kind === 'postgres' });
    closers.unshift(schedulePurge(database.db, clock));
    const accounts = new AccountStates(database.db, bus, database.kind === 'pglite');
    await seedOrigins(database.db, config.redirectOrigins, clock.now());
    const embedOrigins = new EmbedOrigins(database.db);
    mark('instance, clock, embed origins');
    const identity = await createIdentity({
      db: database.db,
      clock,
      publicUrl,
      partnerOrigins: embedOrigins,
      showDemoHint: true,
    });
    closers.unshift(() => identity.close());
    mark('identity (keys, OpenID provider)');
    const cardProvider = await startCardProvider({
      db: database.db,
      host: config.host,
      port: config.cardProviderPort ?? (config.port ? config.port + 1 : 0),
      publicOrigin: config.cardProviderPublicUrl,
      clock,
      async allowedParentOrigins() {
        await embedOrigins.fresh();
        return [new URL(publicUrl).origin, ...embedOrigins.all()];
      },
      log,
      secret: config.cardProviderSecret,
    });
    closers.unshift(() => cardProvider.close());
    mark('card provider');
    const sharedProvider = config.cardProviderUrl;
    const hub = createHub({ verifier: identity.verifier, accounts, log, db: database.db, bus });
    closers.unshift(() => hub.close());

    const ctx: AppContext = {
      config,
      publicUrl,
      database,
      db: database.db,
      instance,
      clock,
      tokens: identity.verifier,
      accounts,
      companies: new CompanyCache(database.db, bus),
      embedOrigins,
      realtime: hub.publisher,
      cards: sharedProvider
        ? createCardGateway({ origin: sharedProvider, secret: config.cardProviderSecret! })
        : cardProvider.gateway,
      linkKey: identity.linkKey,
      cardProviderScriptUrl:
        config.cardProviderScriptUrl ??
        (sharedProvider ? `${sharedProvider}/tokenize.js` : cardProvider.scriptUrl),
      log,
      firstViews: firstViewLoader(config.firstViewsModule, log),
      patientPage: patientPageLoader(config.patientPageModule, log),
    };
    const app = await buildApp({
      ctx,
      extraRoutes: [...healthRoutes, ...sandboxRoutes],
      plugins: [
        (a) => identity.mount(a),
        (a) => hub.mount(a),
        practiceAddonBackend({ publicUrl, db: database.db }),
        outboxPageRedirect,
        (a) => serveFrontEnd(a, ctx),
      ],
    });
    closers.unshift(() => app.close());
    mark('API (Fastify ready)');
    await app.listen({ port, host: config.host === 'localhost' ? '127.0.0.1' : config.host });
    // Loaded now, in the background, so the first widget's first view does not wait for it.
    void ctx.firstViews();
    void ctx.patientPage();
    const jobs = startJobs(ctx, {
      billingTimer: config.billingTimer,
      connector: config.connector,
      intervalMs: opts.billingIntervalMs,
    });
    closers.unshift(() => jobs.stop());
    mark('listening, jobs started');

    let closed = false;
    return {
      url: publicUrl,
      ctx,
      config,
      seeded,
      routes: routesOf(app),
      timings: {
        total: performance.now() - t0,
        database: tDb - t0 - seedMs,
        seed: seedMs,
        phases,
      },
      async close() {
        if (closed) return;
        closed = true;
        for (const close of closers) await close();
      },
    };
  } catch (error) {
    for (const close of closers) await Promise.resolve(close()).catch(() => undefined);
    throw error;
  }
}
