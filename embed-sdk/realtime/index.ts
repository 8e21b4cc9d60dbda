/**
 * The real-time connection to the payments hub, over the official SignalR client. The spec's rule:
 * it is connected or disconnected, sending works only when connected, and it is retried every
 * 500 ms until connected, whether the first start fails or an open connection drops.
 *
 * Payloads are typed by the contract but not parsed here, which keeps zod out of this chunk.
 */
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type * as zc from 'zod/v4/core';
import type { HubEventName, HubEvents } from '../contract/realtime.js';

export type RealtimeState = 'connected' | 'disconnected';

export type HubEventPayload<K extends HubEventName> = zc.output<(typeof HubEvents)[K]>;

export interface RealtimeOptions {
  /** The hub's absolute URL: the API's origin followed by HUB_PATH. */
  hubUrl: string;
  /** Asked before every connection attempt, so a refreshed token is picked up on reconnect. */
  accessTokenFactory: () => string | Promise<string>;
  /** The pause between connection attempts. @default 500 */
  retryIntervalMs?: number;
  /** What the SignalR client writes to the console; every failed attempt is an error. @default 'none' */
  logLevel?: 'none' | 'error' | 'warning' | 'info';
}

export interface Realtime {
  readonly state: RealtimeState;
  /** Begins connecting, and keeps retrying until connected, for as long as it is not stopped. */
  start(): void;
  stop(): Promise<void>;
  /** Returns the unsubscribe. */
  onState(listener: (state: RealtimeState) => void): () => void;
  /** Returns the unsubscribe. Handlers survive reconnects. */
  on<K extends HubEventName>(target: K, handler: (payload: HubEventPayload<K>) => void): () => void;
  /** Invokes a hub method; rejects at once when not connected. */
  send(method: string, ...args: unknown[]): Promise<unknown>;
}

/** The spec's reconnect interval. */
export const DEFAULT_RETRY_INTERVAL_MS = 500;

const LOG_LEVELS = {
  none: LogLevel.None,
  error: LogLevel.Error,
  warning: LogLevel.Warning,
  info: LogLevel.Information,
} as const;

export function createRealtime(opts: RealtimeOptions): Realtime {
  const retryIntervalMs = opts.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS;
  const connection = new HubConnectionBuilder()
    .withUrl(opts.hubUrl, {
      accessTokenFactory: opts.accessTokenFactory,
      // The hub offers WebSockets only. Skipping negotiate saves a round trip per attempt, and the
      // upgrade needs no CORS, which the server keeps to /api.
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
    })
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => retryIntervalMs })
    .configureLogging(LOG_LEVELS[opts.logLevel ?? 'none'])
    .build();

  let state: RealtimeState = 'disconnected';
  let running = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const stateListeners = new Set<(state: RealtimeState) => void>();

  function setState(next: RealtimeState) {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners]) {
      try {
        listener(next);
      } catch (error) {
        console.error('Chairside: a real-time state listener failed.', error);
      }
    }
  }

  // Automatic reconnect covers a connection that drops…
  connection.onreconnecting(() => setState('disconnected'));
  connection.onreconnected(() => setState('connected'));
  // …but not one the server ends without leave to reconnect, nor a first start that fails.
  connection.onclose(() => {
    setState('disconnected');
    if (running) retryLater();
  });

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void attempt(), retryIntervalMs);
  }

  async function attempt() {
    retryTimer = undefined;
    // Any other state belongs to SignalR: connected, or reconnecting on its own.
    if (!running || connection.state !== HubConnectionState.Disconnected) return;
    try {
      await connection.start();
    } catch {
      if (running) retryLater();
      return;
    }
    if (running) setState('connected');
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (running) return;
      running = true;
      void attempt();
    },
    async stop() {
      running = false;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await connection.stop();
      setState('disconnected');
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    on(target, handler) {
      // A wrapper per subscription, so unsubscribing one never removes another's identical handler.
      const listener = (payload: unknown) => handler(payload as HubEventPayload<typeof target>);
      connection.on(target, listener);
      return () => connection.off(target, listener);
    },
    async send(method, ...args) {
      if (state !== 'connected') {
        throw new Error(`Cannot send '${method}': the real-time connection is not connected.`);
      }
      return connection.invoke(method, ...args);
    },
  };
}
