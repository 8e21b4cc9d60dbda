/** The practice management systems by their product names. */
import type { GatewayCode } from '../../embed-sdk/contract/common.js';

const LABELS: Record<GatewayCode, string> = {
  OPENDENTAL: 'Open Dental',
  DENTRIX: 'Dentrix',
  DENTRIXNH: 'Dentrix NH',
  EAGLESOFT: 'Eaglesoft',
};

export function gatewayLabel(code: GatewayCode): string {
  return LABELS[code] ?? code;
}
