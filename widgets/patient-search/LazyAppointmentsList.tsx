/**
 * The Completed Appointments list loads on demand: it alone needs the date formatting (dayjs), and
 * a search given a term (the practice add-on, a partner's page) shows results without it. It starts
 * loading as soon as someone works with the search, so it is normally there when the list opens.
 */
import { lazy, Suspense } from 'react';
import { Spinner } from '@fluentui/react-components';
import type * as List from './AppointmentsList.js';
import { useListStyles } from './listStyles.styles.js';

let loading: Promise<typeof List> | null = null;

export function preloadAppointmentsList() {
  loading ??= import('./AppointmentsList.js').catch((error: unknown) => {
    loading = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return loading;
}

const AppointmentsList = lazy(() =>
  preloadAppointmentsList().then((module) => ({ default: module.AppointmentsList })),
);

/** While the list's code loads: the list box the combobox controls, and the loading state. */
function Loading({ listboxId }: { listboxId: string }) {
  const styles = useListStyles();
  return (
    <>
      <div className={styles.status} role="status">
        <Spinner size="tiny" label="Loading…" />
      </div>
      <div role="listbox" id={listboxId} aria-label="Patients" />
    </>
  );
}

export function LazyAppointmentsList(props: List.AppointmentsListProps) {
  return (
    <Suspense fallback={<Loading listboxId={props.listboxId} />}>
      <AppointmentsList {...props} />
    </Suspense>
  );
}
