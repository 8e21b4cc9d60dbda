// Placeholder body while the pipeline is proven; replaced by the full widget.
import { Text } from '@fluentui/react-components';
import type { PatientSelectedDetail } from '../../embed-sdk/index.js';

export interface PatientSearchProps {
  clinicNum?: number;
  allowAdd: boolean;
  noSchedule: boolean;
  onPatientSelected?: (detail: PatientSelectedDetail) => void;
}

export function PatientSearch(props: PatientSearchProps) {
  return <Text>Patient search (clinic {props.clinicNum ?? 'all'})</Text>;
}
