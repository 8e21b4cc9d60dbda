/**
 * Which shared chunks each widget imports, as embed.js carries it: its size is budgeted (5 kB gzip),
 * and the chunks' hashed names are what does not compress. So each name appears once, without its
 * folder and `.js`, and a widget's imports are a bit set over that list written in base 32: one
 * character for five chunks (a list of indexes cost about three characters a chunk, per widget).
 * The build encodes it; the loader decodes a widget's list when the widget first appears.
 */
export interface ChunkManifest {
  /** The shared chunks' names, comma-separated, without `.js` (under widgets/chunks/). */
  chunks: string;
  /** Tag → the chunks its chunk imports (statically, at any depth), as a bit set in base 32. */
  imports: Record<string, string>;
}

const BITS = 5;

/** `deps`: tag → the file names (under widgets/chunks/, with `.js`) its chunk imports. */
export function encodeChunkManifest(deps: Record<string, string[]>): ChunkManifest {
  const names = [...new Set(Object.values(deps).flat())].sort();
  for (const name of names) {
    if (!/^[\w-]+\.js$/.test(name)) throw new Error(`${name} is not a shared chunk's file name`);
  }
  const imports: Record<string, string> = {};
  for (const [tag, files] of Object.entries(deps)) {
    const digits = new Array<number>(Math.ceil(names.length / BITS)).fill(0);
    for (const file of files) {
      const index = names.indexOf(file);
      digits[Math.floor(index / BITS)]! |= 1 << (index % BITS);
    }
    // Trailing zeros say nothing: a digit past the end reads as no chunk.
    imports[tag] = digits
      .map((d) => d.toString(32))
      .join('')
      .replace(/0+$/, '');
  }
  return { chunks: names.map((name) => name.slice(0, -'.js'.length)).join(','), imports };
}

/** The file names (under widgets/chunks/) a tag's chunk imports; none for a tag the build did not list. */
export function chunkFiles(manifest: ChunkManifest, tag: string): string[] {
  const names = manifest.chunks.split(',');
  const digits = manifest.imports[tag] ?? '';
  return names
    .filter((_name, i) => (parseInt(digits[(i / BITS) | 0] ?? '0', 32) >> (i % BITS)) & 1)
    .map((name) => `${name}.js`);
}
