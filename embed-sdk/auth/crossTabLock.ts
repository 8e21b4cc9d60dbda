/**
 * Tabs of one site share the session (localStorage), so they also share the refresh token. The Web
 * Locks API lets one tab refresh at a time; the next tab then finds the new token already stored.
 * Where the API is missing (Node, very old browsers) the task simply runs.
 */
export function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  // request() resolves with what the callback resolves with; the DOM typings nest the promise.
  return locks.request(name, task) as unknown as Promise<T>;
}
