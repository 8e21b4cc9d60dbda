/**
 * The settings a load balancer in front of the server needs (issue 38): TRUST_PROXY, read as
 * Fastify's trustProxy (the proxies' addresses or ranges, or how many there are), and
 * CARD_PROVIDER_PUBLIC_URL, the card-entry provider's origin behind it. A bad value stops the start
 * with a message that names the setting.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBeUndefined();
  });

  it('takes addresses and ranges, comma separated, or a number of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each(['true', 'haproxy', '10.0.0.0/33', '10.0.0.1/8/8', '300.1.1.1'])(
    'refuses %s, naming the setting',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/Invalid server configuration: TRUST_PROXY: /);
    },
  );
});

describe('CARD_PROVIDER_PUBLIC_URL', () => {
  it('is the origin browsers reach the provider at, without its trailing slash', () => {
    expect(loadConfig({}).cardProviderPublicUrl).toBeUndefined();
    expect(loadConfig({ CARD_PROVIDER_PUBLIC_URL: 'https://cards.example.com/' }).cardProviderPublicUrl).toBe(
      'https://cards.example.com',
    );
    expect(() => loadConfig({ CARD_PROVIDER_PUBLIC_URL: 'cards' })).toThrow(/CARD_PROVIDER_PUBLIC_URL/);
  });
});
