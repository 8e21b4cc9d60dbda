import { describe, expect, it } from 'vitest';
import { MODEL_TEXT } from '../texts.js';
import { FILTER_SETTINGS_KEY, readFilterSettings, writeFilterSettings } from './settings.js';
import { DEFAULT_FILTER_SETTINGS, type FilterSettings } from './state.js';

/** A Storage of its own per test (Storage's methods over a Map). */
function memoryStorage(items: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(items));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

/** A browser that refuses storage (a sandboxed frame, a full quota). */
const refusing: Storage = {
  ...memoryStorage(),
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

const SAVED: FilterSettings = {
  showFamily: true,
  dateFilter: 'All Dates',
  list: 'Treatment Plans',
  groupBy: 'patient',
};

describe('Save Filter Settings', () => {
  it('keeps the settings under its key, in the spec’s names, and reads them back', () => {
    const storage = memoryStorage();
    expect(writeFilterSettings(SAVED, storage)).toBe(true);
    expect(FILTER_SETTINGS_KEY).toBe('chairside.allocation.filterSettings');
    expect(JSON.parse(storage.getItem(FILTER_SETTINGS_KEY)!)).toEqual({
      showFamily: true,
      groupByKey: 'All Dates',
      list: 'Treatment Plans',
      groupByComponent: 'patient',
    });
    expect(readFilterSettings(storage)).toEqual(SAVED);
    expect(MODEL_TEXT.filterSettingsSaved).toBe('Filter settings saved.');
  });

  it.each([
    ['nothing saved', memoryStorage()],
    ['no storage at all', null],
    ['storage that throws', refusing],
    ['text that is not JSON', memoryStorage({ [FILTER_SETTINGS_KEY]: '{"showFamily":tr' })],
    ['JSON that is not an object', memoryStorage({ [FILTER_SETTINGS_KEY]: '"All"' })],
    ['null', memoryStorage({ [FILTER_SETTINGS_KEY]: 'null' })],
  ])('reads the defaults from %s', (_what, storage) => {
    expect(readFilterSettings(storage)).toEqual(DEFAULT_FILTER_SETTINGS);
  });

  it('keeps what it understands of a damaged value, field by field', () => {
    const storage = memoryStorage({
      [FILTER_SETTINGS_KEY]: JSON.stringify({
        showFamily: 'yes',
        groupByKey: 'All Dates',
        list: 'Everything',
      }),
    });
    expect(readFilterSettings(storage)).toEqual({ ...DEFAULT_FILTER_SETTINGS, dateFilter: 'All Dates' });
  });

  it('says so when the browser will not keep them', () => {
    expect(writeFilterSettings(SAVED, refusing)).toBe(false);
    expect(writeFilterSettings(SAVED, null)).toBe(false);
  });

  it('uses the page’s local storage by default', () => {
    localStorage.removeItem(FILTER_SETTINGS_KEY);
    expect(writeFilterSettings(SAVED)).toBe(true);
    expect(readFilterSettings()).toEqual(SAVED);
    localStorage.removeItem(FILTER_SETTINGS_KEY);
  });
});
