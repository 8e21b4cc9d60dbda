/**
 * Save Filter Settings (spec part 2, sections 4 and 9): the Family toggle, 'Latest' / 'All Dates',
 * the list filter and the grouping, kept in the browser's local storage under
 * `FILTER_SETTINGS_KEY` ('chairside.allocation.filterSettings') in the spec's names (showFamily,
 * groupByKey, list, groupByComponent), and applied again whenever the patient changes.
 *
 * Storage may be missing (a sandboxed frame, a privacy mode that throws), full, or hold something
 * else under the key (an older version, a hand edit): reading then gives the defaults for what is
 * missing or not understood, field by field, and writing says it failed; nothing throws.
 */
import { z } from 'zod/mini';
import { DEFAULT_FILTER_SETTINGS, type FilterSettings } from './state.js';

export const FILTER_SETTINGS_KEY = 'chairside.allocation.filterSettings';

// Each field falls back to its default alone: one value not understood does not lose the others.
const Stored = z.object({
  showFamily: z.catch(z.boolean(), DEFAULT_FILTER_SETTINGS.showFamily),
  groupByKey: z.catch(z.enum(['Latest', 'All Dates']), DEFAULT_FILTER_SETTINGS.dateFilter),
  list: z.catch(z.enum(['Completed', 'Treatment Plans', 'All']), DEFAULT_FILTER_SETTINGS.list),
  groupByComponent: z.catch(z.enum(['date', 'treatmentPlan', 'patient']), DEFAULT_FILTER_SETTINGS.groupBy),
});

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The saved settings, or the defaults (Family off, Latest, All, by date) for whatever is not saved. */
export function readFilterSettings(storage: Storage | null = defaultStorage()): FilterSettings {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(FILTER_SETTINGS_KEY) ?? null;
  } catch {
    return DEFAULT_FILTER_SETTINGS;
  }
  if (raw === null) return DEFAULT_FILTER_SETTINGS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return DEFAULT_FILTER_SETTINGS;
  }
  const parsed = Stored.safeParse(json);
  if (!parsed.success) return DEFAULT_FILTER_SETTINGS;
  return {
    showFamily: parsed.data.showFamily,
    dateFilter: parsed.data.groupByKey,
    list: parsed.data.list,
    groupBy: parsed.data.groupByComponent,
  };
}

/**
 * Keeps the settings; true when they were kept (the widget then says `MODEL_TEXT.filterSettingsSaved`,
 * 'Filter settings saved.'), false when the browser would not keep them.
 */
export function writeFilterSettings(
  settings: FilterSettings,
  storage: Storage | null = defaultStorage(),
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(
      FILTER_SETTINGS_KEY,
      JSON.stringify({
        showFamily: settings.showFamily,
        groupByKey: settings.dateFilter,
        list: settings.list,
        groupByComponent: settings.groupBy,
      }),
    );
    return true;
  } catch {
    return false;
  }
}
