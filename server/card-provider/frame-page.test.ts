import { describe, expect, it } from 'vitest';
import { FrameQuery, isAllowedParent, renderFrame } from './frame-page.js';

describe('isAllowedParent', () => {
  const allowed = ['https://portal.example.com'];
  it.each([
    ['https://portal.example.com', true],
    ['http://localhost:8080', true],
    ['http://127.0.0.1:5173', true],
    ['http://[::1]:3000', true],
    ['https://portal.example.com/', false],
    ['https://portal.example.com/path', false],
    ['https://evil.example.com', false],
    ['http://localhost.evil.example.com', false],
    ['javascript:alert(1)', false],
    ['null', false],
    ['', false],
  ])('%j → %s', (parent, ok) => {
    expect(isAllowedParent(parent, allowed)).toBe(ok);
  });
});

describe('renderFrame', () => {
  const query = (extra: Record<string, string> = {}) =>
    FrameQuery.parse({
      businessId: 'biz_a',
      applicationId: 'app_a',
      parent: 'http://localhost:8080',
      ...extra,
    });
  const today = { year: 2026, month: 5 };

  it('labels every field and shows the ZIP code only when asked', () => {
    const withoutZip = renderFrame(query(), today).html;
    expect(withoutZip).toContain('<label for="card-number">Card number</label>');
    expect(withoutZip).toContain('<label for="card-expiry">Expiration</label>');
    expect(withoutZip).toContain('<label for="card-cvc">Security code</label>');
    expect(withoutZip).not.toContain('card-zip');
    expect(renderFrame(query({ zip: '1' }), today).html).toContain('<label for="card-zip">ZIP code</label>');
  });

  it('speaks Spanish when the host asks for it', () => {
    const { html } = renderFrame(query({ locale: 'es-US', zip: '1' }), today);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Número de tarjeta');
  });

  it('lets only the parent origin embed it, and loads nothing from elsewhere', () => {
    const policy = renderFrame(query(), today).contentSecurityPolicy;
    expect(policy).toContain('frame-ancestors http://localhost:8080');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("script-src 'self'");
  });

  it('cannot be broken out of through its configuration', () => {
    const { html } = renderFrame(
      query({ style: JSON.stringify({ color: '</script><script>alert(1)</script>' }) }),
      today,
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(() => FrameQuery.parse({ businessId: '<b>', applicationId: 'a', parent: 'x' })).toThrow();
  });

  it('carries the sandbox month for the expiry check', () => {
    expect(renderFrame(query(), today).html).toContain('"today":{"year":2026,"month":5}');
  });
});
