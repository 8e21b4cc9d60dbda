import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_PROVIDER_WAIT, IdentityProviderUnavailableError, waitForProvider } from './providerWait.js';

afterEach(() => vi.useRealTimers());

describe('waitForProvider', () => {
  it('is the spec wait: every 50 ms, up to 100 tries', () => {
    expect(IDENTITY_PROVIDER_WAIT).toEqual({ intervalMs: 50, tries: 100 });
  });

  it('answers as soon as the provider loads', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const result = waitForProvider('https://id.example.com', async () => {
      if (++calls < 3) throw new Error('not yet');
      return 'metadata';
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toBe('metadata');
    expect(calls).toBe(3);
  });

  it('gives up after 100 tries, 50 ms apart, with a message a developer can act on', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => {
      throw new Error('Failed to fetch');
    });
    const result = waitForProvider('https://id.example.com/oidc', load).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99 * 50 - 1);
    expect(load).toHaveBeenCalledTimes(99);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(load).toHaveBeenCalledTimes(100);
    expect(error).toBeInstanceOf(IdentityProviderUnavailableError);
    expect((error as Error).message).toBe(
      'Chairside could not load the identity provider at https://id.example.com/oidc after 100 tries (Failed to fetch). Check auth.authority and that the provider is reachable from this page.',
    );
  });
});
