/**
 * The Completed Appointments list loads on demand: it alone needs the date formatting (dayjs), and
 * a search given a term (the practice add-on, a partner's page) shows results without it. It starts
 * loading as soon as someone works with the search, so it is normally there when the list opens.
 */
import { Spinner } from '@fluentui/react-components';
import { lazyPart } from '../runtime/lazyPart.js';
import type { AppointmentsListProps } from './AppointmentsList.js';
import { useListStyles } from './listStyles.styles.js';

/** While the list's code loads: the list box the combobox controls, and the loading state. */
function Loading({ listboxId }: AppointmentsListProps) {
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

const part = lazyPart(
  () => import('./AppointmentsList.js'),
  (module) => module.AppointmentsList,
  (props: AppointmentsListProps) => <Loading {...props} />,
);

export const LazyAppointmentsList = part.Component;
/** Starts loading the list; a failure is tried again when the list opens. */
export const prefetchAppointmentsList = part.prefetch;
