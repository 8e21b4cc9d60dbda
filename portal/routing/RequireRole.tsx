/** A screen for users with a role: others see why it is not available, inside the shell. */
import type { ReactNode } from 'react';
import type { Role } from '../../embed-sdk/contract/common.js';
import { NoAccess } from '../pages/NoAccess.js';
import { hasRole } from '../session/session.js';
import { useSession } from '../session/SessionContext.js';

export function RequireRole({ role, title, children }: { role: Role; title: string; children: ReactNode }) {
  const { session } = useSession();
  if (!hasRole(session, role))
    return <NoAccess title={title} reason="This screen needs a role you do not have here." />;
  return <>{children}</>;
}
