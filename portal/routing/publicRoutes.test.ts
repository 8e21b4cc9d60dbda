import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchPublicRoute, PUBLIC_ROUTES } from './publicRoutes.js';
import { routes } from './routes.js';

const ADDRESSES = [
  '#/enroll/LSz6WH1GKAIWNWU4C6HQsxZsPZc_4-QQ',
  '#/enroll/abc%20def?utm=sms',
  '#/Enroll/abc/',
  '#/p/JGnNBCpxM-I1cgZxh5nrycVl1JFmxQKC',
  '#/card/19g2HWKI-nFpNUj6G9piSuDUFAaEIOqi',
  '#/error?error_message=Something%20broke',
  '#/enroll',
  '#/enroll/a/b',
  '#/p/',
  '#/dashboard',
  '#/Customer/42',
  '#/terms-of-service',
  '#/',
  '',
  '#/nowhere',
];

/** What React Router (the routers of both apps) matches for this address among the public routes. */
function routerMatch(hash: string) {
  const pathname = hash.replace(/^#/, '').split('?')[0] || '/';
  const matches = matchRoutes(
    [{ path: '/', children: PUBLIC_ROUTES.map((r) => ({ path: r.path })) }],
    pathname,
  );
  const leaf = matches?.[matches.length - 1];
  return leaf && leaf.route.path !== '/' ? { path: leaf.route.path, params: leaf.params } : null;
}

describe('the public route table', () => {
  it('opens the link pages and the error page, with their parameters', () => {
    expect(matchPublicRoute('#/enroll/LSz6WH1GKAIWNWU4C6HQsxZsPZc_4-QQ')).toMatchObject({
      route: { path: 'enroll/:token' },
      params: { token: 'LSz6WH1GKAIWNWU4C6HQsxZsPZc_4-QQ' },
    });
    expect(matchPublicRoute('#/p/abc?x=1')).toMatchObject({
      route: { path: 'p/:token' },
      params: { token: 'abc' },
    });
    expect(matchPublicRoute('#/card/tok%2Fen/')?.params).toEqual({ token: 'tok/en' });
    expect(matchPublicRoute('#/error?error_message=x')?.route.path).toBe('error');
  });

  it('leaves every other address to the signed-in portal', () => {
    for (const hash of [
      '#/dashboard',
      '#/Customer/42',
      '#/terms-of-service',
      '#/',
      '',
      '#/enroll',
      '#/p/a/b',
    ])
      expect(matchPublicRoute(hash), hash).toBeNull();
  });

  it('matches exactly what React Router matches, so the entry and the routers agree', () => {
    for (const hash of ADDRESSES) {
      const ours = matchPublicRoute(hash);
      expect(ours && { path: ours.route.path, params: ours.params }, hash).toEqual(routerMatch(hash));
    }
  });

  it('is what the signed-in portal routes without a session, in its blank shell', () => {
    const open = routes[0]!.children!.find((r: RouteObject) =>
      r.children?.some((c) => c.path === PUBLIC_ROUTES[0]!.path),
    );
    expect(open?.children?.map((c) => c.path)).toEqual([...PUBLIC_ROUTES.map((r) => r.path), '*']);
  });

  it('names the first call of every link page', () => {
    const firstCalls = PUBLIC_ROUTES.filter((r) => r.firstCall).map((r) => [
      r.path,
      r.firstCall!({ token: 'T', id: 'T' }).endpoint.path,
    ]);
    expect(firstCalls).toEqual([
      ['p/:token', '/api/public/paymentRequest'],
      ['card/:token', '/api/public/cardRequest'],
      ['enroll/:token', '/api/public/membershipEnrollment'],
    ]);
  });
});
