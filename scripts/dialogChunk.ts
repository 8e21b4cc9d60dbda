/**
 * Which modules go into the dialog frame's chunk, read from the same first build as the shared
 * chunk (scripts/sharedChunk.ts).
 *
 * A modal widget (a payment plan's, a request's, a membership's, a transaction's details, the
 * allocation modal) opens in Fluent's Dialog as soon as it is placed, so it imports the Dialog, its
 * focus trap (tabster), its portal and its motion statically. Left to itself, Rolldown spread that
 * frame over half a dozen chunks; put together it is one file, fetched by whichever modal widget
 * opens first and found in the module map by every one after it. The first widget does not open a
 * dialog, so the frame stays out of the shared chunk and out of the first widget's budget.
 *
 * The frame is what every modal widget imports statically and no other widget does: a module that a
 * widget without a dialog imports too (an icon, a text component) stays where it is, or that widget
 * would fetch the whole frame for it. Parts loaded on demand that open a dialog (a patient's form, a
 * card picker) import the same chunk.
 */
import { entryFile, staticClosure, type FirstBuildChunk } from './sharedChunk.js';

/** The frame's chunk name, in its file name too (`widgets/chunks/dialog-<hash>.js`). */
export const DIALOG_CHUNK = 'dialog';

/** A module of Fluent's Dialog: the widget that imports it statically opens as a modal. */
const FLUENT_DIALOG = /[\\/]node_modules[\\/]@fluentui[\\/]react-dialog[\\/]/;

export interface DialogFrame {
  /** The widgets (entry names) that import Fluent's Dialog statically, in the order given. */
  modalWidgets: string[];
  /** The modules every one of them imports statically, and no other widget. */
  modules: Set<string>;
}

export function dialogFrameModules(
  chunks: readonly FirstBuildChunk[],
  widgets: readonly string[],
): DialogFrame {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closures = new Map(widgets.map((name) => [name, staticClosure(byFile, entryFile(chunks, name))]));
  const modalWidgets = widgets.filter((name) =>
    [...closures.get(name)!].some((file) => byFile.get(file)?.moduleIds.some((id) => FLUENT_DIALOG.test(id))),
  );
  const modules = new Set<string>();
  if (modalWidgets.length === 0) return { modalWidgets, modules };
  for (const chunk of chunks) {
    if (chunk.isEntry) continue;
    const importers = widgets.filter((name) => closures.get(name)!.has(chunk.fileName));
    const exactlyTheModals =
      importers.length === modalWidgets.length && modalWidgets.every((name) => importers.includes(name));
    if (exactlyTheModals) for (const id of chunk.moduleIds) modules.add(id);
  }
  return { modalWidgets, modules };
}
