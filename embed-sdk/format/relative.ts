/** "in 3 days", "2 months ago": dayjs's relativeTime plugin (about 1 kB), English wording. */
import dayjs from 'dayjs';
import relativeTimePlugin from 'dayjs/plugin/relativeTime.js';
import { toDate, type DateInput } from './date.js';

let extended = false;

/** How far `value` is from `now` (the current time by default), in words. */
export function relativeTime(value: DateInput, now?: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  // Extended on first use, not on import, so importing another formatter costs no plugin.
  if (!extended) {
    dayjs.extend(relativeTimePlugin);
    extended = true;
  }
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  const from = toDate(now);
  return from ? dayjs(date).from(from) : dayjs(date).fromNow();
}
