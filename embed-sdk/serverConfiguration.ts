/**
 * GET {apiBaseUrl}/api/configuration: the server's public settings (identity provider, hub, card
 * entry). It is fetched before anyone signs in, so it goes around the API client, which needs auth.
 */
import { configuration, type ServerConfiguration } from './contract/config.js';
import type { Envelope } from './contract/endpoint.js';

/**
 * How far the server's clock is ahead of the browser's, from the time its configuration gave as it
 * answered (`receivedAt`: when the answer came); 0 without one. The network's delay (milliseconds)
 * does not matter for what it is used for: which day it is.
 */
export function serverClockOffset(
  server: Pick<ServerConfiguration, 'now'> | null,
  receivedAt: number,
): number {
  const at = server?.now ? Date.parse(server.now) : Number.NaN;
  return Number.isFinite(at) ? at - receivedAt : 0;
}

/**
 * The offset from the last configuration fetched on this page (by the SDK, or by the portal before it
 * starts the SDK): a page talks to one Chairside server.
 */
let clockOffsetMs = 0;

/** Now by the server's clock, as far as this page knows it (Sdk.now). */
export function serverNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

export async function fetchServerConfiguration(
  apiBaseUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ServerConfiguration> {
  const url = `${apiBaseUrl}${configuration.path}`;
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new Error(`Chairside could not reach ${url} (${(error as Error).message}). Is apiBaseUrl right?`);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<ServerConfiguration> | null;
  if (!response.ok || !envelope?.isSuccess || !envelope.value) {
    throw new Error(
      `Chairside: ${url} answered ${response.status}, not the server's configuration. Is apiBaseUrl right?`,
    );
  }
  clockOffsetMs = serverClockOffset(envelope.value, Date.now());
  return envelope.value;
}
