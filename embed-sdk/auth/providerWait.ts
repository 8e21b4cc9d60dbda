/**
 * The spec (part 1, section 8 and section 9): "The identity provider failing to load (polled every
 * 50 ms, up to 100 tries) is logged as an initialisation error."
 */
export const IDENTITY_PROVIDER_WAIT = { intervalMs: 50, tries: 100 } as const;

export class IdentityProviderUnavailableError extends Error {
  constructor(authority: string, tries: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `Chairside could not load the identity provider at ${authority} after ${tries} tries (${reason}). Check auth.authority and that the provider is reachable from this page.`,
    );
    this.name = 'IdentityProviderUnavailableError';
  }
}

/** Tries `load` until it succeeds, waiting between failures; the last failure is reported. */
export async function waitForProvider<T>(
  authority: string,
  load: () => Promise<T>,
  wait: { intervalMs: number; tries: number } = IDENTITY_PROVIDER_WAIT,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= wait.tries; attempt++) {
    try {
      return await load();
    } catch (error) {
      lastError = error;
      if (attempt < wait.tries) await new Promise((resolve) => setTimeout(resolve, wait.intervalMs));
    }
  }
  throw new IdentityProviderUnavailableError(authority, wait.tries, lastError);
}
