/** What a widget host needs to know about a Chairside server before anyone signs in. */
import { z } from 'zod';
import { get } from './endpoint.js';

export const ServerConfiguration = z.object({
  /** The OpenID provider (authority) and the public client for sign-in. */
  authority: z.string(),
  clientId: z.string(),
  /**
   * The identity provider's profile page (My Profile opens it). Absent when the provider is not the
   * sandbox's own: the portal then keeps its own page.
   */
  profileUrl: z.string().optional(),
  /**
   * The portal's terms of service page. Until a person accepts the terms, the API serves them nothing
   * else; a widget on another page sends them there.
   */
  termsUrl: z.string(),
  /** The realtime hub. */
  hubUrl: z.string(),
  /** The card-entry provider's script. */
  cardProviderScriptUrl: z.string(),
  /** The live chat provider for the portal ('none' turns it off). */
  liveChat: z.enum(['none', 'console']),
  version: z.string(),
  /**
   * The server's time as it answered (ISO 8601). A sandbox's clock may have been moved forward: the
   * SDK takes "now" and "today" from the server's clock, not the browser's (Sdk.now).
   */
  now: z.string(),
});
export type ServerConfiguration = z.infer<typeof ServerConfiguration>;

export const configuration = get('/api/configuration', {
  summary: 'Public settings for widgets and the portal: identity, hub and card-entry locations.',
  value: ServerConfiguration,
});
