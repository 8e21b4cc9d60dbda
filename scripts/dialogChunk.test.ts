import { describe, expect, it } from 'vitest';
import { dialogFrameModules } from './dialogChunk.js';
import type { FirstBuildChunk } from './sharedChunk.js';

const DIALOG = '/repo/node_modules/@fluentui/react-dialog/lib/Dialog.js';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): FirstBuildChunk => ({
  fileName,
  name: '',
  isEntry: false,
  imports,
  moduleIds,
});
const entry = (name: string, imports: string[]): FirstBuildChunk => ({
  ...chunk(`${name}.js`, [`${name}/element`], imports),
  name,
  isEntry: true,
});

// A first build as Rolldown splits it: the search opens no dialog, the cards open theirs on demand,
// the plan and the request open as modals.
const firstBuild = [
  entry('search', ['shared.js']),
  entry('cards', ['shared.js', 'icons.js']),
  entry('plan', ['shared.js', 'frame.js', 'motion.js', 'icons.js', 'detail.js', 'message-motion.js']),
  entry('request', [
    'shared.js',
    'frame.js',
    'motion.js',
    'icons.js',
    'detail.js',
    'pills.js',
    'message-motion.js',
  ]),
  chunk('shared.js', ['react', 'fluent/button']),
  chunk('frame.js', [DIALOG, 'tabster'], ['motion.js', 'icons.js']),
  chunk('motion.js', ['fluent/motion']),
  // every modal widget imports it, and so does a widget without a dialog
  chunk('icons.js', ['fluent/icons']),
  chunk('detail.js', ['ui/DetailModal']),
  chunk('pills.js', ['ui/RecordPills']),
  // loaded on demand by the cards: it opens the same dialog
  chunk('cards-dialog.js', ['cards/dialog'], ['frame.js', 'motion.js']),
  // every modal widget imports it, and so does the search's error state, which opens no dialog
  chunk('message-motion.js', ['fluent/message-motion']),
  chunk('error-state.js', ['runtime/ErrorState'], ['message-motion.js']),
];
// What the search and the cards load on demand.
firstBuild[0]!.dynamicImports = ['error-state.js'];
firstBuild[1]!.dynamicImports = ['cards-dialog.js'];
const widgets = ['search', 'cards', 'plan', 'request'];

describe('dialogFrameModules', () => {
  it('names the widgets that import Fluent’s Dialog statically', () => {
    expect(dialogFrameModules(firstBuild, 'search', widgets).modalWidgets).toEqual(['plan', 'request']);
  });

  it('takes what every modal widget imports statically and no other widget does', () => {
    const { modules } = dialogFrameModules(firstBuild, 'search', widgets);
    expect([...modules].sort()).toEqual([DIALOG, 'fluent/motion', 'tabster', 'ui/DetailModal'].sort());
  });

  it('leaves out what a widget without a dialog imports too, and what one modal widget uses alone', () => {
    const { modules } = dialogFrameModules(firstBuild, 'search', widgets);
    for (const id of ['fluent/icons', 'react', 'ui/RecordPills', 'cards/dialog', 'plan/element'])
      expect(modules.has(id)).toBe(false);
  });

  it('leaves out what the first widget loads on demand without a dialog', () => {
    expect(dialogFrameModules(firstBuild, 'search', widgets).modules.has('fluent/message-motion')).toBe(
      false,
    );
  });

  it('has no frame when no widget opens as a modal', () => {
    expect(dialogFrameModules(firstBuild, 'search', ['search', 'cards'])).toEqual({
      modalWidgets: [],
      modules: new Set(),
    });
  });
});
