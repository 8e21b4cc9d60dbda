/** How long the hub waits for what, in milliseconds. The defaults are ASP.NET Core SignalR's. */
export interface HubTiming {
  /** A ping goes out this often, so idle proxies keep the socket and the client knows the server lives. */
  keepAliveMs: number;
  /** A client silent this long is gone: the official client pings every 15 s on its own. */
  clientTimeoutMs: number;
  /** After the upgrade, the handshake must arrive within this. */
  handshakeTimeoutMs: number;
  /** A connection token from negotiate must be used within this, and only once. */
  negotiationTtlMs: number;
}

export const DEFAULT_TIMING: HubTiming = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiationTtlMs: 30_000,
};
