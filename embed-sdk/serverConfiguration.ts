/**
 * GET {apiBaseUrl}/api/configuration: the server's public settings (identity provider, hub, card
 * entry). It is fetched before anyone signs in, so it goes around the API client, which needs auth.
 */
import { configuration, type ServerConfiguration } from './contract/config.js';
import type { Envelope } from './contract/endpoint.js';

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
  return envelope.value;
}
