/** A patient's avatar: initials, with the practice system's picture over them when there is one. */
import { Avatar } from '@fluentui/react-components';
import type { Patient } from '../../embed-sdk/contract/patient.js';
import { usePatientAvatar } from './usePatientAvatar.js';

export function PatientAvatar({ patient }: { patient: Patient }) {
  const src = usePatientAvatar(patient.key, patient.hasAvatar);
  return (
    <Avatar
      aria-hidden
      size={32}
      color="colorful"
      name={`${patient.firstName} ${patient.lastName}`}
      image={src ? { src, alt: '' } : undefined}
      data-has-image={src ? 'true' : 'false'}
    />
  );
}
