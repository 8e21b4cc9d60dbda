/**
 * Tells the configured live chat who is signed in, on every page that has a session (main shell,
 * admin area, terms), once per user and practice. Renders nothing.
 */
import { useEffect, useMemo } from 'react';
import { usePortalConfiguration } from '../boot/PortalConfiguration.js';
import { useSession } from '../session/SessionContext.js';
import { createLiveChat, liveChatIdentity } from './liveChat.js';

export function LiveChatIdentity() {
  const { liveChat } = usePortalConfiguration();
  const { session } = useSession();
  const adapter = useMemo(() => createLiveChat(liveChat), [liveChat]);
  const { name, email, companyName, phone, userId } = session;
  useEffect(() => {
    adapter.identify(liveChatIdentity({ name, email, companyName, phone, userId }));
  }, [adapter, name, email, companyName, phone, userId]);
  return null;
}
