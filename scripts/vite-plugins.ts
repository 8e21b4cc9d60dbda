/**
 * Vite plugins shared by the widget, loader, portal and example builds.
 *
 * `browserContract`: the contract's zod schemas validate on the server; the browser only needs
 * each endpoint's method, path and flags (its types come from the same files at compile time).
 * So in browser bundles a contract module is replaced by what it evaluates to, minus the schemas:
 * endpoints become plain descriptors, constants stay, schemas become a value that explains itself
 * if anything ever reads it. This keeps zod's full API (and every schema's construction) out of
 * the page; browser code uses `zod/mini` for its own forms and attributes.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const contractDir = path.join(root, 'embed-sdk', 'contract') + path.sep;

const isZod = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;

function isEndpoint(
  value: unknown,
): value is { method: string; path: string; binary?: boolean; idempotent?: boolean } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { path?: unknown }).path === 'string' &&
    isZod((value as { value?: unknown }).value)
  );
}

function containsZod(value: unknown, seen = new Set<unknown>()): boolean {
  if (isZod(value)) return true;
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((v) => containsZod(v, seen));
}

export function projectContractModule(name: string, mod: Record<string, unknown>): string {
  const lines = [
    `const unavailable = (name) => new Proxy(function () {}, { get(_t, p) { if (p === 'then') return undefined; throw new Error('The contract\\'s ' + name + ' (' + String(p) + ') is not part of browser bundles: browsers get endpoint descriptors only.'); }, apply() { throw new Error('The contract\\'s ' + name + ' is not part of browser bundles.'); } });`,
  ];
  for (const [key, value] of Object.entries(mod)) {
    if (Object.prototype.toString.call(value) === '[object Module]') {
      throw new Error(
        `${name}: browser code must import a contract resource module directly, not the index.`,
      );
    }
    let expression: string;
    if (isEndpoint(value)) {
      const { method, path: p, binary, idempotent } = value;
      expression = JSON.stringify({
        method,
        path: p,
        binary: binary ?? false,
        idempotent: idempotent ?? false,
      });
    } else if (typeof value === 'function' || containsZod(value) || value === undefined) {
      expression = `/* @__PURE__ */ unavailable(${JSON.stringify(key)})`;
    } else {
      expression = JSON.stringify(value);
    }
    lines.push(key === 'default' ? `export default ${expression};` : `export const ${key} = ${expression};`);
  }
  return lines.join('\n');
}

export function browserContract(): Plugin {
  return {
    name: 'chairside:browser-contract',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(contractDir) || !/\.ts$/.test(file)) return null;
      // Evaluated in this (tsx-run) build process; the module has no side effects.
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      return projectContractModule(path.relative(root, file), mod);
    },
  };
}

/** Fails the build if the full zod API slips into a browser bundle (it must use zod/mini). */
export function noClassicZod(): Plugin {
  return {
    name: 'chairside:no-classic-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'zod' &&
        importer &&
        !importer.startsWith(contractDir) &&
        !importer.includes('node_modules')
      ) {
        this.error(`${path.relative(root, importer)} imports 'zod'; browser code imports 'zod/mini'.`);
      }
      return null;
    },
  };
}
