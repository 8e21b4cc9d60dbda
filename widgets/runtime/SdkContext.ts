/**
 * The SDK, as widget components reach it. Inside a custom element it is the page's SDK with calls
 * tagged by the widget instance (so its banners show in that widget); in the portal it is the
 * portal's SDK.
 */
import { createContext, useContext } from 'react';
import type { Sdk } from '../../embed-sdk/index.js';

export const SdkContext = createContext<Sdk | null>(null);

export function useSdk(): Sdk {
  const sdk = useContext(SdkContext);
  if (!sdk) throw new Error('useSdk() needs an SdkContext provider (a widget element or the portal).');
  return sdk;
}

/** The same SDK whose API calls carry `origin`, so their banners name the widget that caused them. */
export function scopeSdk(sdk: Sdk, origin: string): Sdk {
  const api: Sdk['api'] = {
    baseUrl: sdk.api.baseUrl,
    call: ((endpoint: never, options?: object) =>
      sdk.api.call(endpoint, { ...options, origin } as never)) as Sdk['api']['call'],
    callBinary: ((endpoint: never, options?: object) =>
      sdk.api.callBinary(endpoint, { ...options, origin } as never)) as Sdk['api']['callBinary'],
  };
  return { ...sdk, api };
}
