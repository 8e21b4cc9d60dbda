/**
 * The form dialog loads on demand: its code (Fluent's Dialog with its focus trap, the form library,
 * Select and Field) is about a fifth of the widget, and most searches never open it. The search
 * starts loading it as soon as its dropdown opens, so it is there when someone asks for it. Once
 * loaded it stays mounted (see PatientFormDialogHost).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type * as Host from './PatientFormDialogHost.js';

let loading: Promise<typeof Host> | null = null;

export function preloadPatientFormDialog() {
  loading ??= import('./PatientFormDialogHost.js').catch((error: unknown) => {
    loading = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return loading;
}

/**
 * Whether the dialog's code is here, asking for it once `wanted` (someone works with the search, or
 * a dialog is asked for): a host that only shows a patient never pays for the form.
 */
export function usePatientFormDialog(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    preloadPatientFormDialog().then(
      () => live && setLoaded(true),
      () => undefined, // tried again when wanted again
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}

const PatientFormDialogHost = lazy(() =>
  preloadPatientFormDialog().then((module) => ({ default: module.PatientFormDialogHost })),
);

export function LazyPatientFormDialog(props: Host.PatientFormDialogHostProps) {
  return (
    <Suspense fallback={null}>
      <PatientFormDialogHost {...props} />
    </Suspense>
  );
}
