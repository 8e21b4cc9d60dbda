/**
 * Which of a view's actions is under way (its button shows a spinner and the others wait): `run`
 * marks it busy while its promise settles, failed or not.
 */
import { useState } from 'react';

export function useBusy<Action extends string>() {
  const [busy, setBusy] = useState<Action | null>(null);
  const run = async <T>(what: Action, action: () => Promise<T>): Promise<T> => {
    setBusy(what);
    try {
      return await action();
    } finally {
      setBusy(null);
    }
  };
  return [busy, run] as const;
}
