/**
 * The table of security headers: which path is which kind of response, and what each kind gets
 * when the identity provider, the card provider and the redirect origins are configured elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { responseKind, securityHeadersFor, type HeaderInputs } from './securityHeaders.js';

const inputs: HeaderInputs = {
  publicUrl: 'http://localhost:8080',
  authority: 'http://localhost:8080/oidc',
  cardProviderScriptUrl: 'http://localhost:8081/tokenize.js',
  redirectOrigins: [],
  portalInlineScripts: [],
};

const directive = (csp: string | undefined, name: string) =>
  csp
    ?.split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('responseKind', () => {
  it.each([
    ['/', 'portal'],
    ['/?code=abc&state=x', 'portal'],
    ['/index.html', 'portal'],
    ['/Index.HTML/', 'portal'],
    ['/%69ndex.html', 'portal'],
    ['//index.html', 'portal'],
    ['/oidc', 'identity'],
    ['/oidc/.well-known/openid-configuration', 'identity'],
    ['/interaction/abc/login', 'identity'],
    ['/account/profile', 'identity'],
    ['/account/password/abc', 'identity'],
    ['/accounts', 'other'],
    ['/oidcx', 'other'],
    ['/embed.js', 'embed'],
    ['/widgets/chunks/Ab12Cd34.js', 'embed'],
    ['/examples/', 'example'],
    ['/examples/intranet/index.html', 'example'],
    ['/sandbox/outbox', 'other'],
    ['/sandbox/outbox.json', 'other'],
    ['/api/configuration', 'other'],
    ['/hubs/payments/negotiate', 'other'],
    ['/assets/index-AbCd1234.js', 'other'],
    ['/%E0%A4%A', 'other'],
    ['/p/Q2hhaXJzaWRlTGlua1Rva2Vu', 'patient'],
    ['/card/Q2hhaXJzaWRl?x=1', 'patient'],
    ['/Enroll/Q2hhaXJzaWRl/', 'patient'],
    ['/p', 'other'],
    ['/p/a/b', 'other'],
    ['/patient/assets/index-AbCd1234.js', 'other'],
  ] as const)('%s is %s', (url, kind) => {
    expect(responseKind(url)).toBe(kind);
  });
});

describe('securityHeadersFor', () => {
  it('names an identity provider and a card provider elsewhere in the portal policy', () => {
    const csp = securityHeadersFor('/', {
      ...inputs,
      authority: 'https://login.example.com/tenant',
      cardProviderScriptUrl: 'https://cards.example.com/v1/tokenize.js',
    })['content-security-policy'];
    expect(directive(csp, 'script-src')).toBe("'self' https://cards.example.com");
    expect(directive(csp, 'frame-src')).toBe('https://cards.example.com');
    expect(directive(csp, 'connect-src')).toBe("'self' ws://localhost:8080 https://login.example.com");
    expect(directive(csp, 'form-action')).toBe("'self' https://login.example.com");
  });

  it('lets the sign-in forms end at the configured redirect origins', () => {
    const csp = securityHeadersFor('/interaction/abc', {
      ...inputs,
      redirectOrigins: ['https://intranet.example.com', 'http://localhost:8080'],
    })['content-security-policy'];
    expect(directive(csp, 'form-action')).toBe("'self' https://intranet.example.com");
  });

  it("gives the patient's pages the portal's headers", () => {
    const page = { ...inputs, portalInlineScripts: ['a()'] };
    expect(securityHeadersFor('/p/Q2hhaXJzaWRl', page)).toEqual(securityHeadersFor('/', page));
  });

  it('hashes each inline script of the portal page', () => {
    const csp = securityHeadersFor('/', { ...inputs, portalInlineScripts: ['a()', 'b()'] })[
      'content-security-policy'
    ];
    expect(directive(csp, 'script-src')).toBe(
      "'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=' 'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc=' http://localhost:8081",
    );
  });

  it('sends Strict-Transport-Security only when the public origin is https', () => {
    for (const url of ['/', '/api/configuration', '/embed.js', '/examples/', '/oidc/jwks']) {
      expect(securityHeadersFor(url, inputs)['strict-transport-security'], url).toBeUndefined();
      expect(
        securityHeadersFor(url, { ...inputs, publicUrl: 'https://pay.example.com' })[
          'strict-transport-security'
        ],
        url,
      ).toBe('max-age=31536000');
    }
  });
});
