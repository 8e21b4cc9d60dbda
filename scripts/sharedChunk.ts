/**
 * Which modules go into the one chunk every widget shares, read from a first build of the widgets.
 *
 * Left to itself, Rolldown puts each set of modules used by the same set of entries (widgets, and
 * the parts they load on demand) into a chunk of its own: with eight widget types the code the first
 * widget runs came in 26 files, some of a few hundred bytes, each with its own compression
 * dictionary and import statements. The shared chunk holds exactly what the first widget loads that
 * another widget loads too: every widget after it finds that code already there, and the first one
 * loads nothing it would not have loaded anyway (a module only other widgets use stays out).
 *
 * It is read from a first build because only a build knows what tree-shaking leaves of each module
 * for each widget: the import graph alone says that every widget imports all of Fluent (its index).
 */

/** A chunk of the first build, as the bundler's output describes it. */
export interface FirstBuildChunk {
  fileName: string;
  /** The entry's name for an entry chunk (a widget's folder, or `sdk`). */
  name: string;
  isEntry: boolean;
  /** A part some code imports on demand (`import()`). */
  isDynamicEntry?: boolean;
  /** The chunks it imports on demand (file names). */
  dynamicImports?: string[];
  /** The chunks it imports statically (file names). */
  imports: string[];
  moduleIds: string[];
}

/** The chunk files `fileName` imports statically, at any depth, itself included. */
export function staticClosure(byFile: Map<string, FirstBuildChunk>, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
  };
  visit(fileName);
  return seen;
}

/** The file of the entry chunk named `name` (a widget's folder, or `sdk`). */
export function entryFile(chunks: readonly FirstBuildChunk[], name: string): string {
  const chunk = chunks.find((c) => c.isEntry && c.name === name);
  if (!chunk) throw new Error(`The first build has no entry named ${name}`);
  return chunk.fileName;
}

/**
 * The modules of every chunk that the `first` entry imports statically (at any depth) and another
 * of the `widgets` entries imports statically too. The entries' own chunks are left out: what an
 * entry's chunk holds is that entry's alone (or shared only with its parts loaded on demand).
 */
export function modulesSharedWithFirst(
  chunks: readonly FirstBuildChunk[],
  first: string,
  widgets: readonly string[],
): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = (name: string) => entryFile(chunks, name);
  const firstFiles = staticClosure(byFile, entry(first));
  const elsewhere = new Set(
    widgets.filter((name) => name !== first).flatMap((name) => [...staticClosure(byFile, entry(name))]),
  );
  const shared = new Set<string>();
  for (const file of firstFiles) {
    const chunk = byFile.get(file);
    if (!chunk || chunk.isEntry || !elsewhere.has(file)) continue;
    for (const id of chunk.moduleIds) shared.add(id);
  }
  return shared;
}
