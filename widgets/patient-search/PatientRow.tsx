/**
 * One option of the list: avatar, name, patient number and contact details, and an edit action.
 * The edit action is a mouse shortcut inside the option (an option may hold no focusable control);
 * keyboard users press F2 on the active option, as the list's footer says.
 */
import type { MouseEvent, ReactNode } from 'react';
import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import type { Patient } from '../../embed-sdk/contract/patient.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import { PatientAvatar } from './PatientAvatar.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    marginInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Hover,
    '& [data-edit]': { color: tokens.colorNeutralForeground2 },
    boxShadow: `inset ${tokens.strokeWidthThicker} 0 0 ${tokens.colorCompoundBrandStroke}`,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  details: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  meta: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    flexShrink: 0,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
  },
  edit: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    fontSize: '18px',
    color: tokens.colorNeutralForeground4,
    ':hover': {
      backgroundColor: tokens.colorSubtleBackgroundHover,
      color: tokens.colorNeutralForeground2BrandHover,
    },
  },
});

export interface PatientRowProps {
  id: string;
  patient: Patient;
  active: boolean;
  /** Waiting for the patient to be brought into Chairside. */
  busy: boolean;
  /** Extra details under the contact line (e.g. "Not in Chairside yet"). */
  note?: string;
  /** Shown at the end of the row (e.g. the appointment's date and amount). */
  meta?: ReactNode;
  onChoose: () => void;
  onEdit?: () => void;
  onPoint: () => void;
}

export function PatientRow({
  id,
  patient,
  active,
  busy,
  note,
  meta,
  onChoose,
  onEdit,
  onPoint,
}: PatientRowProps) {
  const styles = useStyles();
  const details = [`#${patient.key}`, patient.email, formatPhone(patient.cell), note]
    .filter(Boolean)
    .join(' · ');
  const edit = (event: MouseEvent) => {
    event.stopPropagation();
    onEdit?.();
  };
  return (
    <div
      role="option"
      id={id}
      // Named by the patient's name; the number and contact details describe it.
      aria-labelledby={`${id}-name`}
      aria-describedby={meta ? `${id}-details ${id}-meta` : `${id}-details`}
      aria-selected={active}
      aria-busy={busy || undefined}
      className={mergeClasses(styles.row, active && styles.active)}
      onClick={onChoose}
      onMouseMove={active ? undefined : onPoint}
    >
      <PatientAvatar patient={patient} />
      <span className={styles.text}>
        <span id={`${id}-name`} className={styles.name}>
          {patient.firstName} {patient.lastName}
        </span>
        <span id={`${id}-details`} className={styles.details}>
          {details}
        </span>
      </span>
      {meta ? (
        <span id={`${id}-meta`} className={styles.meta}>
          {meta}
        </span>
      ) : null}
      {busy ? (
        <Spinner size="extra-tiny" />
      ) : onEdit ? (
        <span aria-hidden data-edit className={styles.edit} title={TEXT.editHint} onClick={edit}>
          <EditRegular />
        </span>
      ) : null}
    </div>
  );
}
