/** A screen for users with a role: others see why it is not available, inside the shell. */
import type { ReactNode } from 'react';
import type { Role } from '../../embed-sdk/contract/common.js';
import { NoAccess } from '../pages/NoAccess.js';
import { hasRole } from '../session/session.js';
import { useSession } from '../session/SessionContext.js';

export function RequireRole({
  role,
  title,
  reason = 'This screen needs a role you do not have here.',
  children,
}: {
  role: Role;
  title: string;
  /** Why it is not available, when the screen says it in its own words. */
  reason?: string;
  children: ReactNode;
}) {
  const { session } = useSession();
  if (!hasRole(session, role)) return <NoAccess title={title} reason={reason} />;
  return <>{children}</>;
}
