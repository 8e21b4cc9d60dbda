/**
 * The loader's view of init options: it only reads them from the script tag and compares them.
 * Full validation (with messages a developer can act on) happens in the SDK when the first widget
 * loads, to keep zod out of this file.
 */

export interface LoaderOptions {
  apiBaseUrl?: string;
  hubUrl?: string;
  theme?: string;
  auth?: { mode: 'oidc'; clientId?: string; authority?: string } | { mode: 'token'; getToken: unknown };
  [key: string]: unknown;
}

/** data-api, data-client-id, data-authority, data-hub and data-theme on the script tag. */
export function optionsFromDataset(data: DOMStringMap): LoaderOptions {
  const options: LoaderOptions = { apiBaseUrl: data.api };
  if (data.hub) options.hubUrl = data.hub;
  if (data.theme) options.theme = data.theme;
  options.auth = {
    mode: 'oidc',
    clientId: data.clientId,
    ...(data.authority ? { authority: data.authority } : {}),
  };
  return options;
}

export function sameOptions(a: LoaderOptions, b: LoaderOptions): boolean {
  const plain = (o: LoaderOptions) =>
    JSON.stringify(o, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));
  return plain(a) === plain(b);
}

/**
 * Whether the SDK will fetch the server's public configuration first: the same rule as config.ts's
 * needsServerConfiguration, on the loader's unchecked view of the options (a test keeps them equal).
 */
export function needsServerConfiguration(options: LoaderOptions): boolean {
  const auth = options.auth;
  return (
    !options.hubUrl ||
    !options.cardProviderScriptUrl ||
    (auth?.mode === 'oidc' && !(auth as { authority?: string }).authority)
  );
}
