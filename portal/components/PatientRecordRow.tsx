/**
 * A list page's row of a patient's record (a payment plan, a membership): the patient's name as the
 * link that opens the record, their Patient ID under it, then the record's own cells. The whole row
 * opens it too, for a pointer; the link is what a keyboard and a screen reader reach.
 */
import {
  Link,
  makeStyles,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Truncated, useListColumns } from '../../widgets/ui/listColumns.js';

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

/**
 * The patient's column header. The column shares the width the record's short columns leave with the
 * record's other long texts (its plans): a name is cut only where the list is too narrow for it.
 */
export function PatientRecordHeader() {
  const columns = useListColumns();
  return <TableHeaderCell className={columns.elastic}>Patient</TableHeaderCell>;
}

export function PatientRecordRow({ record, onOpen, children }: PatientRecordRowProps) {
  const styles = useStyles();
  const columns = useListColumns();
  return (
    <TableRow className={styles.row} onClick={() => onOpen(record.id)}>
      <TableCell className={columns.elastic}>
        <Truncated text={`${record.firstName} ${record.lastName}`} width="fill">
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
