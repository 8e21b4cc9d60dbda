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
 * would fetch the whole frame for it. So does what the first widget may fetch later without opening
 * a dialog (the motion of the message bar in its error state): the first widget's figures do not
 * grow. Parts that open a dialog (a patient's form, a card picker) import the same chunk, and so may
 * another widget's part that opens none but needs the frame's focus handling or motion (the
 * transactions' row menu): it then fetches the Dialog with them, once.
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
  first: string,
  widgets: readonly string[],
): DialogFrame {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const opensDialog = (file: string) =>
    [...staticClosure(byFile, file)].some((f) =>
      byFile.get(f)?.moduleIds.some((id) => FLUENT_DIALOG.test(id)),
    );
  const modalWidgets = widgets.filter((name) => opensDialog(entryFile(chunks, name)));
  const modules = new Set<string>();
  if (modalWidgets.length === 0) return { modalWidgets, modules };
  // What stays out: every other entry's static imports (the SDK's too), and what the first widget
  // may fetch later without opening a dialog (its error state), so that its figures do not grow.
  const outside = new Set<string>();
  const visit = (file: string, onDemand: boolean) => {
    if (outside.has(file)) return;
    outside.add(file);
    const chunk = byFile.get(file);
    chunk?.imports.forEach((f) => visit(f, onDemand));
    if (onDemand) chunk?.dynamicImports?.filter((part) => !opensDialog(part)).forEach((f) => visit(f, true));
  };
  for (const chunk of chunks)
    if (chunk.isEntry && !modalWidgets.includes(chunk.name)) visit(chunk.fileName, chunk.name === first);
  const modal = modalWidgets.map((name) => staticClosure(byFile, entryFile(chunks, name)));
  for (const chunk of chunks) {
    if (chunk.isEntry || outside.has(chunk.fileName)) continue;
    if (modal.every((closure) => closure.has(chunk.fileName)))
      for (const id of chunk.moduleIds) modules.add(id);
  }
  return { modalWidgets, modules };
}
