/**
 * The pages open to anyone (a patient paying, keeping a card on file or enrolling, from a text or an
 * e-mail; the error page), in one table that both apps read: the signed-in portal routes them inside
 * its blank shell (routes.tsx), and a public address boots the small public app instead
 * (portal/public/), without the shell, the session or the identity provider.
 *
 * No React and no router here: main.tsx reads it before anything else loads, matches the address and
 * starts the page's first request (`firstCall`) while the page's code is still on its way.
 */
import type { ComponentType } from 'react';
import type { Endpoint } from '../../embed-sdk/contract/endpoint.js';
import { ENROLLMENT_PAGE_ROUTE, enrollmentPage } from '../../embed-sdk/contract/membership.js';
import { paymentPage } from '../../embed-sdk/contract/paymentPage.js';
import { publicCardRequest } from '../../embed-sdk/contract/savedCard.js';

type Params = Record<string, string>;

export interface PublicRoute {
  /** As the hash router writes it, without the leading slash: 'p/:token'. */
  path: string;
  /** The page's code (a chunk of its own); a link's page gets the link's token. */
  load: () => Promise<{ default: ComponentType<{ token: string }> }>;
  /** The GET the page makes first, for the address's parameters: started before React renders. */
  firstCall?: (params: Params) => { endpoint: Endpoint; query: Record<string, string> };
}

const linkPage = (endpoint: Endpoint, param: string) => (params: Params) => ({
  endpoint,
  query: { token: params[param] ?? '' },
});

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: 'p/:token',
    load: () => import('../pages/PublicPaymentPage.js'),
    firstCall: linkPage(paymentPage, 'token'),
  },
  {
    path: 'card/:token',
    load: () => import('../pages/PublicCardPage.js'),
    firstCall: linkPage(publicCardRequest, 'token'),
  },
  {
    path: `${ENROLLMENT_PAGE_ROUTE}/:token`,
    load: () => import('../pages/PublicEnrollmentPage.js'),
    firstCall: linkPage(enrollmentPage, 'token'),
  },
  { path: 'error', load: () => import('../pages/OopsPage.js').then((m) => ({ default: m.ErrorPage })) },
];

export interface PublicMatch {
  route: PublicRoute;
  params: Params;
}

/**
 * The public route a hash-router address ('#/enroll/abc?x=1') opens, with its parameters decoded, or
 * null when it is the signed-in portal's. Matched as React Router matches these paths: segment by
 * segment, case-insensitively, a trailing slash allowed, a parameter one non-empty segment.
 */
export function matchPublicRoute(hash: string): PublicMatch | null {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0]!;
  const segments = path.split('/').filter((s) => s !== '');
  for (const route of PUBLIC_ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Params = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          params[part.slice(1)] = segment;
        }
        return true;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { route, params };
  }
  return null;
}
