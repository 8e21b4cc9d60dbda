/** The spec's display formats (part 1, section 9). Pure functions: the server may use them too. */
export { formatCurrency } from './currency.js';
export {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  ISO_DAY_FORMAT,
  TIME_FORMAT,
  formatDate,
  formatDateTime,
  formatIsoDay,
  formatTime,
  type DateInput,
  type Zone,
} from './date.js';
export { formatPhone } from './phone.js';
export { ordinal } from './ordinal.js';
export { relativeTime } from './relative.js';
export { splitCents, type CentsParts } from './cents.js';
export { formatRate } from './percent.js';
export { CARD_BRAND_NAMES, SOURCE_LABELS, patientCellText } from './transactions.js';
