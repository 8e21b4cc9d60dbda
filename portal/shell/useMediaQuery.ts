/** Whether a media query matches now, re-rendering when it changes. */
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec: "The sidebar collapses below a 1200 px width." */
export const SIDEBAR_COLLAPSED_QUERY = '(max-width: 1199.98px)';

export function useSidebarCollapsed(): boolean {
  return useMediaQuery(SIDEBAR_COLLAPSED_QUERY);
}
