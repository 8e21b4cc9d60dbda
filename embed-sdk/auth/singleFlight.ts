/**
 * Many requests can hit a 401 at once; they must share one refresh, not each spend the refresh
 * token (the provider rotates it, and a second use of the old one revokes the whole grant).
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= task().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
