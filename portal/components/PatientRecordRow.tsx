/**
 * A list page's row of a patient's record (a payment plan, a membership): the patient's name as the
 * link that opens the record, their Patient ID under it, then the record's own cells. The whole row
 * opens it too, for a pointer; the link is what a keyboard and a screen reader reach.
 */
import { Link, makeStyles, TableCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Truncated } from '../../widgets/ui/listColumns.js';

const useStyles = makeStyles({
  row: { cursor: 'pointer' },
  patientId: { display: 'block', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground3 },
});

export interface PatientRecordRowProps {
  record: { id: number; firstName: string; lastName: string; patientKey: number | null };
  onOpen: (id: number) => void;
  /** The cells after the patient's. */
  children: ReactNode;
}

export function PatientRecordRow({ record, onOpen, children }: PatientRecordRowProps) {
  const styles = useStyles();
  return (
    <TableRow className={styles.row} onClick={() => onOpen(record.id)}>
      <TableCell>
        <Truncated text={`${record.firstName} ${record.lastName}`}>
          <Link
            as="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(record.id);
            }}
          >
            {`${record.firstName} ${record.lastName}`}
          </Link>
        </Truncated>
        {record.patientKey !== null ? (
          <Text size={200} className={styles.patientId}>{`Patient ID: ${record.patientKey}`}</Text>
        ) : null}
      </TableCell>
      {children}
    </TableRow>
  );
}
