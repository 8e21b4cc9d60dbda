/**
 * One message bus for the server instances that share a database. `publish(channel, message)`
 * reaches every subscriber of the channel once: this process's at once (before `publish` returns),
 * and every other instance's when PostgreSQL delivers the notification (LISTEN/NOTIFY). Each
 * notification names the instance that sent it, which skips its own, so a message is never handled
 * twice where it was raised. On PGlite there is one process (the data folder's lock keeps a second
 * one out), so delivery is in-process only.
 *
 * Local delivery does not wait for the database, so this instance's clients get their events even
 * while PostgreSQL is away. Messages are sent after the write they announce has committed (every
 * publisher does so), rather than inside its transaction: the local half could not wait for the
 * commit.
 *
 * Hand-written: node-postgres has LISTEN but no connection that comes back by itself after the
 * database does, and the libraries that wrap it for that are no longer kept up.
 */
import { eq, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from './client.js';
import { busMessages } from './schema/index.js';

export interface Bus {
  /**
   * `message` must be plain JSON: every subscriber, here and elsewhere, receives it as parsed JSON.
   * This process's subscribers have it when `publish` returns; the promise says whether the other
   * instances were sent it (false when the database could not be reached, which is logged). It never
   * rejects, so a publisher that need not wait can leave it.
   */
  publish(channel: string, message: unknown): Promise<boolean>;
  /** Returns the unsubscribe. */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  close(): Promise<void>;
}

export interface BusLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One PostgreSQL channel carries every bus channel, so each instance listens once. */
const PG_CHANNEL = 'chairside_bus';
/** NOTIFY refuses a payload of 8000 bytes or more; a larger message travels as its row's id. */
export const MAX_NOTIFY_BYTES = 7_999;
/** How long a large message's row is kept for the others to read (they read it within milliseconds). */
const KEEP_LARGE_MESSAGES = sql`interval '5 minutes'`;
/** After a lost listening connection, how long before trying again (the hub clients' own retry). */
const RELISTEN_MS = 500;

const Envelope = z.object({
  /** The sending instance's boot id. */
  from: z.string(),
  channel: z.string(),
  message: z.unknown().optional(),
  /** Instead of `message`, when it is too large for a notification: its `bus_messages` row. */
  stored: z.number().int().optional(),
});
type Envelope = z.infer<typeof Envelope>;

export async function openBus(opts: {
  database: Pick<Database, 'db' | 'kind'>;
  /** The PostgreSQL connection string (the listening connection is opened apart from the pool). */
  databaseUrl?: string;
  /** This process's boot id (server/instances.ts). */
  instanceId: string;
  log: BusLog;
  /** Tests shorten it. */
  relistenMs?: number;
}): Promise<Bus> {
  const local = new LocalHandlers(opts.log);
  if (opts.database.kind === 'pglite' || !opts.databaseUrl) {
    return {
      publish(channel, message) {
        local.deliver(channel, asJson(message));
        return Promise.resolve(true);
      },
      subscribe: (channel, handler) => local.subscribe(channel, handler),
      close: async () => local.clear(),
    };
  }
  const { db } = opts.database;
  const { instanceId: from, log } = opts;

  // Sent one after another, so the other instances receive this one's messages in their order.
  let sending: Promise<unknown> = Promise.resolve();
  async function send(channel: string, json: string) {
    let payload = JSON.stringify({ from, channel, message: JSON.parse(json) } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      await db.delete(busMessages).where(lt(busMessages.createdAt, sql`now() - ${KEEP_LARGE_MESSAGES}`));
      const [row] = await db
        .insert(busMessages)
        .values({ message: JSON.parse(json) as unknown })
        .returning({ id: busMessages.id });
      payload = JSON.stringify({ from, channel, stored: row!.id } satisfies Envelope);
    }
    await db.execute(sql`select pg_notify(${PG_CHANNEL}, ${payload})`);
  }

  // Handled one after another too: a large message's read must not let a later one overtake it.
  let receiving: Promise<unknown> = Promise.resolve();
  async function receive(payload: string) {
    const parsed = Envelope.safeParse(safeJson(payload));
    if (!parsed.success) {
      log.warn({ payload: payload.slice(0, 200) }, 'A bus notification that is not ours was ignored.');
      return;
    }
    const envelope = parsed.data;
    if (envelope.from === from) return;
    let message = envelope.message;
    if (envelope.stored !== undefined) {
      const [row] = await db
        .select({ message: busMessages.message })
        .from(busMessages)
        .where(eq(busMessages.id, envelope.stored));
      if (!row) {
        log.warn({ channel: envelope.channel }, 'A large bus message was gone before it was read.');
        return;
      }
      message = row.message;
    }
    local.deliver(envelope.channel, JSON.stringify(message ?? null));
  }

  const listener = new Listener(opts.databaseUrl, opts.relistenMs ?? RELISTEN_MS, log, {
    notification(payload) {
      receiving = receiving
        .then(() => receive(payload))
        .catch((error: unknown) => log.error({ err: error }, 'A bus message could not be read.'));
    },
  });
  await listener.started;

  return {
    publish(channel, message) {
      const json = asJson(message);
      local.deliver(channel, json);
      const sent = sending
        .then(() => send(channel, json))
        .then(
          () => true,
          (error: unknown) => {
            log.warn(
              { err: error, channel },
              'A bus message could not be sent to the other server instances.',
            );
            return false;
          },
        );
      sending = sent;
      return sent;
    },
    subscribe: (channel, handler) => local.subscribe(channel, handler),
    async close() {
      await listener.close();
      await sending;
      await receiving;
      local.clear();
    },
  };
}

/** This process's subscribers; a handler that throws is logged and never reaches the publisher. */
class LocalHandlers {
  private handlers = new Map<string, Set<(message: unknown) => void>>();
  constructor(private log: BusLog) {}

  subscribe(channel: string, handler: (message: unknown) => void) {
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
    return () => void set.delete(handler);
  }

  /** `json` is parsed once per handler, so that no handler can change what another receives. */
  deliver(channel: string, json: string) {
    for (const handler of this.handlers.get(channel) ?? []) {
      this.run(() => handler(JSON.parse(json) as unknown), channel);
    }
  }

  clear() {
    this.handlers.clear();
  }

  private run(f: () => void, channel: string) {
    try {
      f();
    } catch (error) {
      this.log.error({ err: error, channel }, 'A bus subscriber failed.');
    }
  }
}

/**
 * The dedicated connection that LISTENs. A pool client would go back to the pool and stop listening;
 * this one lives as long as the server, and when the database cuts it (an outage, a restart) it is
 * opened again every `relistenMs` until the database answers.
 */
class Listener {
  readonly started: Promise<void>;
  private client: pg.Client | null = null;
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(
    private url: string,
    private relistenMs: number,
    private log: BusLog,
    private on: { notification(payload: string): void },
  ) {
    let first!: () => void;
    this.started = new Promise((resolve) => (first = resolve));
    void this.run(first);
  }

  private async run(firstAttempt: () => void) {
    let listenedBefore = false;
    let reported = false;
    while (!this.closed) {
      const client = new pg.Client({
        connectionString: this.url,
        // An unreachable host (not one that refuses) would otherwise hold a try for minutes.
        connectionTimeoutMillis: 5_000,
        // A database host that vanishes without closing the socket is noticed within a minute or so.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      const lost = new Promise<unknown>((resolve) => {
        client.on('error', resolve);
        client.on('end', () => resolve(new Error('the connection ended')));
      });
      client.on('notification', (n) => {
        if (n.channel === PG_CHANNEL && n.payload !== undefined) this.on.notification(n.payload);
      });
      this.client = client;
      try {
        await client.connect();
        await client.query(`LISTEN ${PG_CHANNEL}`);
        // What was sent while this instance was not listening is lost to it: its hub clients
        // revalidate what they show when they reconnect, and nothing here caches shared state.
        if (listenedBefore) this.log.warn({}, 'The realtime bus listens to the database again.');
        listenedBefore = true;
        reported = false;
        firstAttempt();
        const cause = await lost;
        if (!this.closed) {
          this.log.warn({ cause: messageOf(cause) }, 'The realtime bus lost its database connection.');
        }
      } catch (error) {
        if (!reported && !this.closed) {
          this.log.warn({ cause: messageOf(error) }, 'The realtime bus cannot listen to the database yet.');
          reported = true;
        }
        firstAttempt();
      }
      this.client = null;
      await client.end().catch(() => undefined);
      if (this.closed) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, this.relistenMs).unref();
      });
    }
  }

  async close() {
    this.closed = true;
    this.wake?.();
    await this.client?.end().catch(() => undefined);
  }
}

function asJson(message: unknown): string {
  const json = JSON.stringify(message);
  if (json === undefined) throw new TypeError('A bus message must be JSON.');
  return json;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
