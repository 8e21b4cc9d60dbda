/**
 * The public pages as router routes, from the one table (publicRoutes.ts): the signed-in portal
 * places them in its blank shell, the public app in the same shell, so the two cannot drift. A page
 * takes its link's token as a prop (the patient's own entry, portal/patient/, has no router): here
 * it comes from the route's parameter.
 */
import type { ComponentType } from 'react';
import { useParams, type RouteObject } from 'react-router-dom';
import { lazyWithTimeout } from './lazyWithTimeout.js';
import { PUBLIC_ROUTES } from './publicRoutes.js';

function RoutedPage({ Page }: { Page: ComponentType<{ token: string }> }) {
  const { token = '' } = useParams();
  return <Page token={token} />;
}

export const publicRouteObjects: RouteObject[] = PUBLIC_ROUTES.map((route) => {
  const Page = lazyWithTimeout(route.load);
  return { path: route.path, element: <RoutedPage Page={Page} /> };
});
