/**
 * Starting the portal: the server's configuration (GET /api/configuration: the identity provider to
 * sign in with, live chat, version), then the SDK with it, with the theme kept on the device. The
 * SDK completes a sign-in that is coming back from the provider before anything routes, so the
 * router starts at the address sign-in returned to.
 */
import type { ServerConfiguration } from '../../embed-sdk/contract/config.js';
import { init, type Sdk, type ThemeName } from '../../embed-sdk/index.js';
import { fetchServerConfiguration } from '../../embed-sdk/serverConfiguration.js';

export interface StartedPortal {
  sdk: Sdk;
  configuration: ServerConfiguration;
}

export async function startPortal(theme: ThemeName, origin = window.location.origin): Promise<StartedPortal> {
  const configuration = await fetchServerConfiguration(origin);
  const sdk = await init({
    apiBaseUrl: origin,
    hubUrl: configuration.hubUrl,
    cardProviderScriptUrl: configuration.cardProviderScriptUrl,
    auth: { mode: 'oidc', authority: configuration.authority, clientId: configuration.clientId },
    theme,
  });
  return { sdk, configuration };
}
