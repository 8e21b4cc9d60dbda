/** The admin area is for administrators: anyone else entering /admin goes to /dashboard. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from './SessionContext.js';

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (!session.isAdmin) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
