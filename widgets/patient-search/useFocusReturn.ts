/**
 * Focus goes back to whatever opened a dialog (the search box, or Add Patient) when it closes, or
 * to `fallback` when that is gone. Fluent's own restore needs its DialogTrigger, which our dialog,
 * opened from several places (a key, a row, a button), does not have.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** The element that has the focus, looking into the shadow root `node` lives in. */
function focusedElement(node: Node | null): HTMLElement | null {
  const root = node?.getRootNode() as Document | ShadowRoot | undefined;
  return (root?.activeElement as HTMLElement | null | undefined) ?? null;
}

export function useFocusReturn(open: boolean, fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);

  /** Call just before opening. */
  const rememberOpener = useCallback(() => {
    opener.current = focusedElement(fallback.current);
  }, [fallback]);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const target = opener.current?.isConnected ? opener.current : fallback.current;
    opener.current = null;
    target?.focus();
  }, [open, fallback]);

  return rememberOpener;
}
