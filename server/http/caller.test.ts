import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './caller.js';

const request = (over: Partial<{ url: string; headers: Record<string, string>; body: unknown }>) =>
  ({
    method: 'POST',
    headers: over.headers ?? {},
    body: over.body,
    routeOptions: { url: over.url ?? '/api/widget/firstView' },
  }) as unknown as FastifyRequest;

const form = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };

describe('bearerToken', () => {
  it('reads the Authorization header on any route', () => {
    expect(
      bearerToken(request({ url: '/api/customer/update', headers: { authorization: 'Bearer abc' } })),
    ).toBe('abc');
  });

  it('reads a form-encoded access_token (RFC 6750 §2.2) on the first-view route only', () => {
    expect(bearerToken(request({ headers: form, body: { access_token: 'abc' } }))).toBe('abc');
    expect(
      bearerToken(request({ url: '/api/customer/update', headers: form, body: { access_token: 'abc' } })),
    ).toBeNull();
    expect(bearerToken(request({ body: { access_token: 'abc' } }))).toBeNull(); // not a form
  });
});
