import { describe, expect, it } from 'vitest';
import { normalizeOrigin, originProblem } from './origin.js';

describe('originProblem', () => {
  it.each([
    ['https://intranet.example.com', null],
    ['http://localhost:3000', null],
    ['https://intranet.example.com/', null],
    ['  HTTPS://Intranet.Example.com:8443  ', null],
    ['http://[::1]:8080', null],
    ['', 'Enter an origin, such as https://intranet.example.com.'],
    ['null', 'The origin must start with http:// or https://.'],
    ['intranet.example.com', 'The origin must start with http:// or https://.'],
    ['ftp://files.example.com', 'The origin must start with http:// or https://.'],
    ['javascript:alert(1)', 'The origin must start with http:// or https://.'],
    [
      'https://',
      'The origin must be scheme://host or scheme://host:port, such as https://intranet.example.com.',
    ],
    [
      'https://example.com:99999',
      'The origin must be scheme://host or scheme://host:port, such as https://intranet.example.com.',
    ],
    ['https://user:pw@example.com', 'The origin must not contain a user name or password.'],
    ['https://user@example.com', 'The origin must not contain a user name or password.'],
    [
      'https://example.com/app',
      'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.',
    ],
    [
      'https://example.com?',
      'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.',
    ],
    [
      'https://example.com#top',
      'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.',
    ],
    [
      'https://example.com//',
      'The origin must not have a path, a query or a fragment: only scheme://host or scheme://host:port.',
    ],
    ['https://*.example.com', 'The origin must name one host: wildcards are not allowed.'],
  ])('%j → %j', (text, problem) => {
    expect(originProblem(text)).toBe(problem);
  });
});

describe('normalizeOrigin', () => {
  it.each([
    ['HTTPS://Intranet.Example.com/', 'https://intranet.example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
  ])('%s → %s', (text, origin) => {
    expect(normalizeOrigin(text)).toBe(origin);
  });
});
