/**
 * The realtime hub at /hubs/payments. No maintained SignalR server exists for Node, so this speaks
 * ASP.NET Core SignalR's JSON hub protocol itself (protocol.ts), over the WebSocket transport only,
 * as aspnetcore's HubProtocol.md and TransportProtocols.md describe: negotiate version 1, upgrade,
 * handshake, invocations, pings, close. Open connections are grouped by the caller's current
 * practice, and `publish` reaches one practice's connections only, on every server instance: it goes
 * through the bus (server/db/notify.ts), whose subscriber here fans it out to this instance's group.
 */
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HUB_PATH } from '../../embed-sdk/contract/realtime.js';
import type { RealtimePublisher } from '../context.js';
import type { Bus } from '../db/notify.js';
import type { Db } from '../db/client.js';
import {
  bearerToken,
  ACCOUNT_CHANGED,
  AccountChanged,
  type AccountStates,
  type TokenVerifier,
} from '../http/caller.js';
import { admitUpgrade, callerOf, type Admission } from './admission.js';
import { HubConnection, type ConnectionHooks } from './connection.js';
import { Negotiations } from './negotiations.js';
import { encode, MessageType } from './protocol.js';
import { DEFAULT_TIMING, type HubTiming } from './timing.js';

/** The bus channel of the hub's invocations, which every instance fans out to its own connections. */
const HUB_INVOCATIONS = 'hub-invocation';
const HubInvocation = z.object({
  companyId: z.number().int(),
  target: z.string(),
  arguments: z.array(z.unknown()),
});
type HubInvocation = z.infer<typeof HubInvocation>;

/** Clients only send small invocations; anything bigger is refused by the WebSocket layer (1009). */
const MAX_FRAME_BYTES = 64 * 1024;

export function createHub(
  opts: {
    verifier: TokenVerifier;
    accounts: AccountStates;
    log: FastifyBaseLogger;
    db: Db;
    bus: Bus;
  },
  /** Tests shorten these; the server runs with ASP.NET Core's defaults. */
  timing: HubTiming = DEFAULT_TIMING,
) {
  const { log, bus } = opts;
  const negotiations = new Negotiations(opts.db, timing.negotiationTtlMs);
  const deps = { verifier: opts.verifier, accounts: opts.accounts, negotiations };
  const connections = new Set<HubConnection>();
  const groups = new Map<number, Set<HubConnection>>();
  const admissions = new WeakMap<FastifyRequest, Admission>();
  let closed = false;
  let drained: (() => void) | null = null;

  const hooks: ConnectionHooks = {
    timing,
    log,
    onOpen(connection) {
      if (connection.companyId === null) return;
      const group = groups.get(connection.companyId) ?? new Set();
      group.add(connection);
      groups.set(connection.companyId, group);
    },
    onClosed(connection) {
      connections.delete(connection);
      if (connections.size === 0) drained?.();
      if (connection.companyId === null) return;
      const group = groups.get(connection.companyId);
      group?.delete(connection);
      if (group?.size === 0) groups.delete(connection.companyId);
    },
  };

  function fanOut({ companyId, target, arguments: args }: HubInvocation) {
    const group = groups.get(companyId);
    if (!group) return;
    const record = encode({ type: MessageType.Invocation, target, arguments: args });
    for (const connection of group) connection.send(record);
  }

  /**
   * A person whose account changed (on any instance) gets what it allows now: their sockets here
   * close with leave to reconnect and come back in their current practice's group, or, when the
   * account was disabled, close for good (the reconnect would be refused anyway).
   */
  function regroup({ userId, disabled }: AccountChanged) {
    if (userId === undefined) return;
    for (const connection of connections) {
      if (connection.userId === userId) connection.close({ allowReconnect: !disabled });
    }
  }

  const unsubscribe = [
    bus.subscribe(HUB_INVOCATIONS, (message) => fanOut(HubInvocation.parse(message))),
    bus.subscribe(ACCOUNT_CHANGED, (message) => regroup(AccountChanged.parse(message))),
  ];

  const publisher: RealtimePublisher = {
    publish(companyId, target, args) {
      // Not awaited: a publisher's request does not wait for the other instances' clients.
      void bus.publish(HUB_INVOCATIONS, { companyId, target, arguments: args } satisfies HubInvocation);
    },
    connectionsIn(companyId) {
      return [...(groups.get(companyId) ?? [])].filter((connection) => connection.open).length;
    },
  };

  /** A restart, not a refusal: clients with automatic reconnect come back when the server does. */
  function close() {
    if (closed) return;
    closed = true;
    for (const stop of unsubscribe) stop();
    for (const connection of connections) connection.close({ allowReconnect: true });
  }

  function allClosed(): Promise<void> {
    if (connections.size === 0) return Promise.resolve();
    return new Promise((resolve) => (drained = resolve));
  }

  async function mount(app: FastifyInstance) {
    await app.register(async (scope) => {
      await scope.register(websocket, {
        options: { maxPayload: MAX_FRAME_BYTES },
        // Fastify waits for every socket before it stops, so the hub says goodbye first.
        async preClose(this: FastifyInstance) {
          close();
          await allClosed();
          await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
        },
        // A client that vanishes without a close frame is ordinary, not a server error.
        errorHandler(error, socket) {
          log.debug({ err: error }, 'hub socket error');
          socket.terminate();
        },
      });

      // negotiate has no body worth reading, whatever content type a client labels it with.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_req, _body, done) =>
        done(null),
      );

      scope.post(`${HUB_PATH}/negotiate`, async (req) => {
        const caller = await callerOf(bearerToken(req), deps);
        const { negotiateVersion } = req.query as { negotiateVersion?: string };
        if (!(Number(negotiateVersion) >= 1)) {
          return { error: 'This hub supports negotiate version 1: update the SignalR client.' };
        }
        return {
          negotiateVersion: 1,
          ...(await negotiations.issue(caller.subject)),
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
        };
      });

      scope.get(
        HUB_PATH,
        {
          websocket: true,
          // Checked before the upgrade, so a refused client gets an HTTP status rather than a socket.
          preValidation: async (req) => {
            admissions.set(req, await admitUpgrade(req, deps));
          },
        },
        (socket, req) => {
          const admission = admissions.get(req);
          if (closed || !admission) {
            socket.close(1001);
            return;
          }
          const { connectionId, companyId, userId } = admission;
          const connection = new HubConnection(socket, connectionId, companyId, userId, hooks);
          connections.add(connection);
          log.debug({ connectionId: admission.connectionId }, 'hub client connected');
        },
      );
    });
  }

  return { publisher, mount, close };
}
