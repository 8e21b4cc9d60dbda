/**
 * For tests only: a bare WebSocket client that speaks the hub protocol by hand, so tests can check
 * the framing itself, which the official client hides.
 */
import WebSocket from 'ws';
import { RECORD_SEPARATOR } from './protocol.js';

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`The upgrade was refused with HTTP ${status}.`);
  }
}

export class RawHubClient {
  /** Every frame received, as sent. */
  readonly frames: string[] = [];
  /** Every record received, parsed, in order. */
  readonly received: unknown[] = [];
  readonly closed: Promise<{ code: number }>;
  private waiters: (() => void)[] = [];
  private read = 0;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      for (const record of text.split(RECORD_SEPARATOR).slice(0, -1)) {
        this.received.push(JSON.parse(record));
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
  }

  /** Opens the socket; rejects with UpgradeRefused when the server answers with an HTTP status. */
  static connect(url: string, headers: Record<string, string> = {}): Promise<RawHubClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
      socket.once('unexpected-response', (req, res) => {
        req.destroy();
        reject(new UpgradeRefused(res.statusCode ?? 0));
      });
      socket.once('error', reject);
      socket.once('open', () => resolve(new RawHubClient(socket)));
    });
  }

  sendText(text: string) {
    this.socket.send(text);
  }

  send(message: unknown) {
    this.sendText(JSON.stringify(message) + RECORD_SEPARATOR);
  }

  /** The next record received, skipping pings unless asked for them. */
  async next(opts: { pings?: boolean; timeoutMs?: number } = {}): Promise<unknown> {
    const deadline = Date.now() + (opts.timeoutMs ?? 5_000);
    for (;;) {
      while (this.read < this.received.length) {
        const record = this.received[this.read++];
        if (opts.pings || (record as { type?: number }).type !== 6) return record;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('No record arrived in time.');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Connects and completes the JSON handshake. */
  static async open(url: string, headers?: Record<string, string>): Promise<RawHubClient> {
    const client = await RawHubClient.connect(url, headers);
    client.send({ protocol: 'json', version: 1 });
    const response = await client.next();
    if (JSON.stringify(response) !== '{}') throw new Error(`Handshake failed: ${JSON.stringify(response)}`);
    return client;
  }

  close() {
    this.socket.close();
  }
}
