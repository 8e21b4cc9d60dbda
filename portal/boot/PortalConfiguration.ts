/** The server's public configuration (identity provider, live chat, version), as the portal read it at start. */
import { createContext, useContext } from 'react';
import type { ServerConfiguration } from '../../embed-sdk/contract/config.js';

export const PortalConfigurationContext = createContext<ServerConfiguration | null>(null);

export function usePortalConfiguration(): ServerConfiguration {
  const value = useContext(PortalConfigurationContext);
  if (!value) throw new Error('usePortalConfiguration() needs the portal to have started.');
  return value;
}
