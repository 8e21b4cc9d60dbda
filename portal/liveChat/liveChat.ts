/**
 * Live chat (spec part 1, section 2): a widget that identifies the user with their name, e-mail,
 * company name, phone and id. The provider is the server's `liveChat` setting: 'none' (the sandbox's
 * default) does nothing; 'console' logs what a real provider would receive, for development. A real
 * provider is one more adapter here.
 */
import type { ServerConfiguration } from '../../embed-sdk/contract/config.js';
import type { Session } from '../session/session.js';

export interface LiveChatIdentity {
  name: string;
  email: string;
  companyName: string;
  phone: string;
  id: number;
}

export interface LiveChatAdapter {
  identify(identity: LiveChatIdentity): void;
}

export type LiveChatProvider = ServerConfiguration['liveChat'];

export function liveChatIdentity(
  session: Pick<Session, 'name' | 'email' | 'companyName' | 'phone' | 'userId'>,
): LiveChatIdentity {
  return {
    name: session.name,
    email: session.email,
    companyName: session.companyName,
    phone: session.phone,
    id: session.userId,
  };
}

const none: LiveChatAdapter = { identify: () => undefined };

export function createLiveChat(
  provider: LiveChatProvider,
  log: Pick<Console, 'info'> = console,
): LiveChatAdapter {
  switch (provider) {
    case 'console':
      return { identify: (identity) => log.info('Chairside live chat: identify', identity) };
    case 'none':
      return none;
  }
}
