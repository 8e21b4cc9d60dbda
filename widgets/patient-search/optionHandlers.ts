/** What a list's options need from the search: which one is active, and what choosing one does. */
import type { SearchOption } from './searchOptions.js';

export interface OptionHandlers {
  activeId: string | null;
  /** The patient key being brought into Chairside, if any. */
  busyKey: number | null;
  choose: (option: SearchOption) => void;
  /** Absent when the user may not edit patients. */
  edit?: (option: SearchOption) => void;
  point: (option: SearchOption) => void;
}
