import { describe, expect, it } from 'vitest';
import { needsServerConfiguration as sdkNeeds, type InitOptions } from '../../embed-sdk/config.js';
import { needsServerConfiguration as loaderNeeds } from './options.js';

// The loader asks for the server's configuration early exactly when the SDK will fetch it.
describe('needsServerConfiguration in the loader and in the SDK', () => {
  const getToken = () => 'token';
  it.each<InitOptions>([
    {
      apiBaseUrl: 'https://api.example.com',
      theme: 'light',
      auth: { mode: 'oidc', clientId: 'portal' },
    } as InitOptions,
    {
      apiBaseUrl: 'https://api.example.com',
      theme: 'light',
      hubUrl: 'https://api.example.com/hubs/payments',
      cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
      auth: { mode: 'oidc', clientId: 'portal', authority: 'https://id.example.com' },
    } as InitOptions,
    {
      apiBaseUrl: 'https://api.example.com',
      theme: 'light',
      hubUrl: 'https://api.example.com/hubs/payments',
      cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
      auth: { mode: 'oidc', clientId: 'portal' },
    } as InitOptions,
    {
      apiBaseUrl: 'https://api.example.com',
      theme: 'light',
      hubUrl: 'https://api.example.com/hubs/payments',
      cardProviderScriptUrl: 'https://cards.example.com/tokenize.js',
      auth: { mode: 'token', getToken },
    } as InitOptions,
    {
      apiBaseUrl: 'https://api.example.com',
      theme: 'light',
      auth: { mode: 'token', getToken },
    } as InitOptions,
  ])('agree for %o', (options) => {
    expect(loaderNeeds(options)).toBe(sdkNeeds(options));
  });
});
