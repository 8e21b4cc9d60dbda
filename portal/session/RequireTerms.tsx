/** Accepted terms are required: without them, the terms page, which continues here afterwards. */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { termsUrl } from './nextUrl.js';
import { useSession } from './SessionContext.js';

export function RequireTerms() {
  const { session } = useSession();
  const location = useLocation();
  if (!session.termsOfService) return <Navigate to={termsUrl(location.pathname + location.search)} replace />;
  return <Outlet />;
}
