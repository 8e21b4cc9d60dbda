/**
 * The built front end the bench measures: dist/public as `npx tsx scripts/build.ts` leaves it, built
 * first when an input changed (the build's own --if-changed check). Each built ES module is read
 * with Vite's parser for its static and dynamic imports, so the bench follows the same graph the
 * browser does.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { root } from '../../tests/support/childServer.js';

export const publicDir = path.join(root, 'dist', 'public');

export function ensureFrontEnd() {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-changed'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export interface BuiltFile {
  /** Relative to dist/public, as the page requests it (e.g. widgets/chunks/page-….js). */
  file: string;
  raw: number;
  /** What the server sends to a browser that accepts gzip: the .gz beside it, else the file itself. */
  gzip: number;
  staticImports: string[];
  dynamicImports: string[];
}

type Node = { type: string; [key: string]: unknown };

/** A module specifier written as a string or a template literal without expressions, else null. */
function literal(node: unknown): string | null {
  const n = node as Node | null;
  if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
  if (n?.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0) {
    return ((n.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? null) as string | null;
  }
  return null;
}

function walk(node: unknown, visit: (n: Node) => void) {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  if (!node || typeof node !== 'object') return;
  visit(node as Node);
  for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
}

const cache = new Map<string, BuiltFile>();

export function readBuiltFile(file: string): BuiltFile {
  const known = cache.get(file);
  if (known) return known;
  const full = path.join(publicDir, file);
  const code = fs.readFileSync(full, 'utf8');
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  const resolve = (spec: string) => path.posix.join(path.posix.dirname(file), spec);
  walk(parseAst(code), (n) => {
    const isStatic =
      n.type === 'ImportDeclaration' ||
      n.type === 'ExportAllDeclaration' ||
      n.type === 'ExportNamedDeclaration';
    const spec = isStatic ? literal(n.source) : n.type === 'ImportExpression' ? literal(n.source) : null;
    if (spec === null || !spec.startsWith('.')) return;
    (isStatic ? staticImports : dynamicImports).push(resolve(spec));
  });
  const gz = `${full}.gz`;
  const built: BuiltFile = {
    file,
    raw: Buffer.byteLength(code),
    gzip: fs.existsSync(gz) ? fs.statSync(gz).size : Buffer.byteLength(code),
    staticImports,
    dynamicImports,
  };
  cache.set(file, built);
  return built;
}

/** The files a page fetches for these modules before any of their code runs (static imports, transitively). */
export function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    readBuiltFile(file).staticImports.forEach(visit);
  };
  entries.forEach(visit);
  return [...seen];
}

/**
 * The chunk files embed.js knows, by tag (and `sdk`), read from the loader itself: the map the
 * build writes into it (`{"chairside-patient-search": "widgets/patient-search-….js", sdk: …}`).
 */
export function loaderChunkFiles(): Record<string, string> {
  const code = fs.readFileSync(path.join(publicDir, 'embed.js'), 'utf8');
  const files: Record<string, string> = {};
  walk(parseAst(code), (n) => {
    if (n.type !== 'Property') return;
    const value = literal(n.value);
    const key = n.key as Node;
    const name = key.type === 'Identifier' ? (key.name as string) : literal(key);
    if (name && value && /^widgets\/.+\.js$/.test(value)) files[name] = value;
  });
  if (Object.keys(files).length === 0) throw new Error('dist/public/embed.js names no widget chunks.');
  return files;
}
