/**
 * The pills under a detail modal's title (the payment plan's, the membership's): the record's id,
 * the patient's id and the record's status, its tone and words the capability's rules.
 */
import { Badge, makeStyles, type BadgeProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  pills: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

export const PILL_TEXT = {
  patientId: (key: number) => `Patient ID: ${key}`,
} as const;

export interface RecordPillsProps {
  /** 'Plan ID: 2', 'Membership ID: 2'. */
  recordId: string;
  /** The practice system's patient number, or Chairside's id when there is none. */
  patientKey: number;
  status: { text: string; tone: NonNullable<BadgeProps['color']> };
  /** The record's status as the contract says it, for styling and tests. */
  statusKey: string;
}

export function RecordPills({ recordId, patientKey, status, statusKey }: RecordPillsProps) {
  const styles = useStyles();
  return (
    <div className={styles.pills}>
      <Badge appearance="tint" shape="rounded" color="informative">
        {recordId}
      </Badge>
      <Badge appearance="tint" shape="rounded" color="informative">
        {PILL_TEXT.patientId(patientKey)}
      </Badge>
      <Badge appearance="filled" shape="rounded" color={status.tone} data-status={statusKey}>
        {status.text}
      </Badge>
    </div>
  );
}
