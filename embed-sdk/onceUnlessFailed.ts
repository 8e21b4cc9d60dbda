/**
 * Runs `task` once and gives every caller the same promise; a run that failed is forgotten, so the
 * next call runs it again (a chunk that failed to load may load on the next try). Unlike
 * singleFlight (auth/singleFlight.ts), a run that worked is kept.
 */
export function onceUnlessFailed<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= task().catch((error: unknown) => {
      running = null;
      throw error;
    }));
}
