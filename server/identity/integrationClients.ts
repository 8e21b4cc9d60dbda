/**
 * The practices' integrations as oidc-provider's clients: it asks its adapter for a client it does
 * not know statically (adapter.ts, type 'Client'), and gets the integration's metadata. The secret
 * itself is nowhere to be had: `client_secret` holds its hash only so that oidc-provider's metadata
 * rules are met, and provider.ts compares a presented secret with the hash (scrypt).
 */
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { findIntegrationClient } from '../settings/integrations.js';

export const INTEGRATION_CLIENT_PROPERTIES = [
  'chairside_practice_id',
  'chairside_roles',
  'chairside_secret_hash',
] as const;

export async function integrationClientMetadata(
  db: Db,
  clientId: string,
  scope: string,
): Promise<AdapterPayload | undefined> {
  const found = await findIntegrationClient(db, clientId);
  if (!found) return undefined;
  return {
    client_id: found.clientId,
    client_secret: found.secretHash,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    scope,
    chairside_practice_id: found.companyId,
    chairside_roles: found.roles,
    chairside_secret_hash: found.secretHash,
  } as AdapterPayload;
}

/** The secret hash of an integration's client; null for the portal's own client. */
export function secretHashOf(client: object): string | null {
  const hash = (client as { chairside_secret_hash?: unknown }).chairside_secret_hash;
  return typeof hash === 'string' ? hash : null;
}
