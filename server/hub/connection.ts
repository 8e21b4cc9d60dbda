/**
 * One client's socket on the hub: the handshake, then invocations, keep-alive pings both ways and
 * the close message. It knows nothing of practices; the hub groups open connections.
 */
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { hubMethods } from './methods.js';
import {
  answerHandshake,
  encode,
  MessageType,
  parseClientMessage,
  ProtocolError,
  splitRecords,
  type ServerMessage,
} from './protocol.js';
import type { HubTiming } from './timing.js';

/** Whole records arrive in one frame; a tail longer than this is not a record in progress but abuse. */
const MAX_PENDING_CHARS = 64 * 1024;
/** After our close frame, how long a client gets to answer before its socket is cut. */
const CLOSE_GRACE_MS = 2_000;
const PING = encode({ type: MessageType.Ping });

export interface CloseReason {
  error?: string;
  /** Tells a client with automatic reconnect to come back (a restart), rather than give up. */
  allowReconnect?: boolean;
}

export interface ConnectionHooks {
  timing: HubTiming;
  log: FastifyBaseLogger;
  /** The handshake succeeded: the connection may now receive invocations. */
  onOpen(connection: HubConnection): void;
  onClosed(connection: HubConnection): void;
}

export class HubConnection {
  private state: 'handshaking' | 'open' | 'closed' = 'handshaking';
  private pending = '';
  private keepAlive: NodeJS.Timeout | undefined;
  /** The handshake deadline at first, then the client timeout, pushed back by every message. */
  private silence: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    readonly connectionId: string,
    readonly companyId: number | null,
    readonly userId: number | null,
    private readonly hooks: ConnectionHooks,
  ) {
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => this.closed());
    this.silence = setTimeout(() => this.close(), hooks.timing.handshakeTimeoutMs).unref();
  }

  /** The handshake is done and the connection has not closed: invocations reach it. */
  get open(): boolean {
    return this.state === 'open';
  }

  /** Sends an encoded record; false when the connection cannot take it any more. */
  send(record: string): boolean {
    if (this.state !== 'open' || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(record);
    return true;
  }

  /** Ends the connection, with a close message once the handshake is done (none is expected before). */
  close(reason: CloseReason = {}) {
    if (this.state === 'closed') return;
    if (this.state === 'open') this.send(encode({ type: MessageType.Close, ...reason }));
    this.state = 'closed';
    this.stopTimers();
    this.socket.close(1000);
    // Otherwise `ws` waits 30 s for a silent peer, and the server's shutdown with it.
    this.silence = setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private receive(data: RawData) {
    if (this.state === 'closed') return;
    if (this.state === 'open') this.silence.refresh();
    const { records, rest } = splitRecords(this.pending + textOf(data));
    this.pending = rest;
    for (const record of records) {
      if (this.state === 'handshaking') this.handshake(record);
      else if (this.state === 'open') this.dispatch(record);
    }
    if (this.pending.length > MAX_PENDING_CHARS) {
      this.close({ error: 'A message was not terminated by the record separator.' });
    }
  }

  private handshake(record: string) {
    const response = answerHandshake(record);
    this.socket.send(encode(response));
    if ('error' in response) {
      this.hooks.log.debug(
        { connectionId: this.connectionId, error: response.error },
        'hub handshake refused',
      );
      this.close();
      return;
    }
    this.state = 'open';
    clearTimeout(this.silence);
    this.silence = setTimeout(
      () => this.close({ error: 'Server timeout elapsed without receiving a message from the client.' }),
      this.hooks.timing.clientTimeoutMs,
    ).unref();
    this.keepAlive = setInterval(() => this.send(PING), this.hooks.timing.keepAliveMs).unref();
    this.hooks.onOpen(this);
  }

  private dispatch(record: string) {
    let message;
    try {
      message = parseClientMessage(record);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.close({ error: `Connection closed with an error. ${error.message}` });
      return;
    }
    switch (message.type) {
      case MessageType.Invocation: {
        const { invocationId, target } = message;
        const answer = message.streamIds?.length
          ? { error: 'Streaming from the client is not supported.' }
          : this.invoke(target, message.arguments);
        // Without an id the caller expects no answer, and the spec forbids one.
        if (invocationId !== undefined) this.complete(invocationId, answer);
        return;
      }
      case MessageType.StreamInvocation:
        this.complete(message.invocationId, {
          error: hubMethods.has(message.target)
            ? `'${message.target}' is not a streaming hub method.`
            : unknownMethod(message.target),
        });
        return;
      case MessageType.Close:
        this.close();
        return;
      // Every invocation completes at once, so a cancel never finds one in progress: the spec says ignore it.
      case MessageType.CancelInvocation:
      case MessageType.Ping:
      case 'ignored':
        return;
    }
  }

  private invoke(target: string, args: unknown[]): { result: unknown } | { error: string } {
    const method = hubMethods.get(target);
    if (!method) return { error: unknownMethod(target) };
    try {
      return { result: method(args) };
    } catch (error) {
      this.hooks.log.error({ err: error, target }, 'hub method failed');
      return { error: `An unexpected error occurred invoking '${target}' on the server.` };
    }
  }

  private complete(invocationId: string, answer: { result: unknown } | { error: string }) {
    const message: ServerMessage = { type: MessageType.Completion, invocationId, ...answer };
    this.send(encode(message));
  }

  private closed() {
    this.state = 'closed';
    this.stopTimers();
    this.hooks.log.debug({ connectionId: this.connectionId }, 'hub client disconnected');
    this.hooks.onClosed(this);
  }

  private stopTimers() {
    clearTimeout(this.silence);
    clearInterval(this.keepAlive);
  }
}

function unknownMethod(target: string) {
  return `Unknown hub method '${target}'.`;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}
