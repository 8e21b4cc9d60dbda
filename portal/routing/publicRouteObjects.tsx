/**
 * The public pages as router routes, from the one table (publicRoutes.ts): the signed-in portal
 * places them in its blank shell, the public app in the same shell, so the two cannot drift.
 */
import type { RouteObject } from 'react-router-dom';
import { lazyWithTimeout } from './lazyWithTimeout.js';
import { PUBLIC_ROUTES } from './publicRoutes.js';

export const publicRouteObjects: RouteObject[] = PUBLIC_ROUTES.map((route) => {
  const Page = lazyWithTimeout(route.load);
  return { path: route.path, element: <Page /> };
});
