/**
 * Completed appointments that still need payment: whom the front desk is most likely to look for.
 * Choosing a patient who is not in Chairside yet opens the New Patient form, prefilled from the
 * practice system's record, so the contact details can be checked before they are brought in.
 */
import { useId } from 'react';
import { Spinner } from '@fluentui/react-components';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { useListStyles } from './listStyles.styles.js';
import type { OptionHandlers } from './optionHandlers.js';
import { PatientRow } from './PatientRow.js';
import type { SearchOption } from './searchOptions.js';
import { TEXT } from './texts.js';

export interface AppointmentsListProps {
  listboxId: string;
  options: SearchOption[];
  loading: boolean;
  failed: boolean;
  handlers: OptionHandlers;
}

export function AppointmentsList({ listboxId, options, loading, failed, handlers }: AppointmentsListProps) {
  const styles = useListStyles();
  const headingId = useId();
  const { activeId, busyKey, choose, edit, point } = handlers;
  let status = null;
  if (loading) {
    status = (
      <div className={styles.status} role="status">
        <Spinner size="tiny" label="Loading…" />
      </div>
    );
  } else if (failed) {
    status = <p className={styles.status}>{TEXT.appointmentsFailed}</p>;
  } else if (options.length === 0) {
    status = <p className={styles.status}>{TEXT.noAppointments}</p>;
  }
  return (
    <>
      <div id={headingId} className={styles.sectionHeading}>
        {TEXT.completedAppointments}
      </div>
      {status}
      <div role="listbox" id={listboxId} aria-labelledby={headingId} className={styles.listbox}>
        {options.map((option) => {
          const { patient } = option;
          return (
            <PatientRow
              key={option.id}
              id={option.id}
              patient={patient}
              active={option.id === activeId}
              busy={patient.key === busyKey}
              note={patient.id === null ? TEXT.notInChairside : undefined}
              meta={
                patient.appointment ? (
                  <>
                    <span>{formatCurrency(patient.appointment.amountDue)}</span>
                    <span>{formatDate(patient.appointment.startsAt)}</span>
                  </>
                ) : undefined
              }
              onChoose={() => choose(option)}
              onEdit={edit ? () => edit(option) : undefined}
              onPoint={() => point(option)}
            />
          );
        })}
      </div>
    </>
  );
}
