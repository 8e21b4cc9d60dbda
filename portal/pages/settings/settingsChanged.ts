/**
 * After any Settings section saved: the Recent changes list (the practice's settings' audit trail)
 * is read again, so that the change shows there at once. Every section's save calls it.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** The Recent changes list's SWR keys start with this. */
export const SETTINGS_CHANGES_KEY = 'settings/changes';

export function useSettingsChanged(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && key[0] === SETTINGS_CHANGES_KEY);
  }, [mutate]);
}
