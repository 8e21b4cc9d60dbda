/**
 * Closes the dropdown when the pointer goes down anywhere outside the search. Losing the focus closes
 * it too, but a dropdown opened by a given term has never had the focus.
 */
import { useEffect, type RefObject } from 'react';

export function useDismissOnOutsidePointer(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  dismiss: () => void,
  /** E.g. a dialog of ours is open (it lives outside the root, in the portal area). */
  paused: () => boolean,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      // composedPath sees into the shadow root, where `contains` from the document cannot.
      if (!root.current || paused() || event.composedPath().includes(root.current)) return;
      dismiss();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, root, dismiss, paused]);
}
