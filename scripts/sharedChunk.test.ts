import { describe, expect, it } from 'vitest';
import { modulesSharedWithFirst, type FirstBuildChunk } from './sharedChunk.js';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): FirstBuildChunk => ({
  fileName,
  name: '',
  isEntry: false,
  imports,
  moduleIds,
});
const entry = (name: string, moduleIds: string[], imports: string[]): FirstBuildChunk => ({
  ...chunk(`${name}.js`, moduleIds, imports),
  name,
  isEntry: true,
});

// A first build as Rolldown splits it: one chunk per set of entries that use the same modules.
const firstBuild = [
  entry('search', ['search/element'], ['react.js', 'sdk-core.js', 'search-cards.js']),
  entry('cards', ['cards/element'], ['react.js', 'search-cards.js', 'dialog.js']),
  entry('plan', ['plan/element'], ['react.js', 'dialog.js']),
  entry('sdk', ['sdk/entry'], ['sdk-core.js']),
  chunk('react.js', ['react', 'react-dom'], ['runtime.js']),
  chunk('runtime.js', ['runtime']),
  chunk('sdk-core.js', ['sdk/client']),
  chunk('search-cards.js', ['ui/PatientName']),
  chunk('dialog.js', ['fluent/dialog', 'tabster']),
  // loaded on demand by the search only, after what it shares
  chunk('search-form.js', ['search/form'], ['react.js']),
];

describe('modulesSharedWithFirst', () => {
  it('takes what the first widget loads that another widget loads too, at any depth', () => {
    const shared = modulesSharedWithFirst(firstBuild, 'search', ['search', 'cards', 'plan']);
    expect([...shared].sort()).toEqual(['react', 'react-dom', 'runtime', 'ui/PatientName']);
  });

  it('leaves out what only the other widgets share, and the widgets’ own chunks', () => {
    const shared = modulesSharedWithFirst(firstBuild, 'search', ['search', 'cards', 'plan']);
    for (const id of ['fluent/dialog', 'tabster', 'search/element', 'cards/element', 'search/form'])
      expect(shared.has(id)).toBe(false);
  });

  it('leaves out what the first widget shares only with entries that are not widgets', () => {
    const shared = modulesSharedWithFirst(firstBuild, 'search', ['search', 'cards', 'plan']);
    expect(shared.has('sdk/client')).toBe(false);
    const withSdk = modulesSharedWithFirst(firstBuild, 'search', ['search', 'cards', 'plan', 'sdk']);
    expect(withSdk.has('sdk/client')).toBe(true);
  });

  it('says which entry it cannot find', () => {
    expect(() => modulesSharedWithFirst(firstBuild, 'search', ['search', 'refunds'])).toThrow(
      'The first build has no entry named refunds',
    );
  });
});
