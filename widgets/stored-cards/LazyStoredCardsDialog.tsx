/**
 * The dialog loads on demand: its code (Fluent's Dialog with its focus trap, the card-entry frame,
 * the request form) is most of the widget, and a page that only shows a card never needs it. The
 * widget starts loading it when someone points at or focuses the trigger, so it is there by the
 * time they click. Once loaded it stays mounted (see StoredCardsDialogHost).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type * as Host from './StoredCardsDialogHost.js';

let loading: Promise<typeof Host> | null = null;

export function preloadStoredCardsDialog() {
  loading ??= import('./StoredCardsDialogHost.js').catch((error: unknown) => {
    loading = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return loading;
}

/** Whether the dialog's code is here, asking for it once `wanted`. */
export function useStoredCardsDialog(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    preloadStoredCardsDialog().then(
      () => live && setLoaded(true),
      () => undefined, // tried again when wanted again
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}

const StoredCardsDialogHost = lazy(() =>
  preloadStoredCardsDialog().then((module) => ({ default: module.StoredCardsDialogHost })),
);

export function LazyStoredCardsDialog(props: Host.StoredCardsDialogHostProps) {
  return (
    <Suspense fallback={null}>
      <StoredCardsDialogHost {...props} />
    </Suspense>
  );
}
