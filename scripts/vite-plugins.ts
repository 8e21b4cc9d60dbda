/**
 * Vite plugins shared by the widget, loader, portal and example builds.
 *
 * `pageHead`: the head the portal's and the patient's pages share, written once (portal/pageHead.html).
 *
 * `browserContract`: the contract's zod schemas validate on the server; the browser only needs
 * each endpoint's method, path and flags (its types come from the same files at compile time).
 * So in browser bundles a contract module is replaced by what it evaluates to, minus the schemas:
 * endpoints become plain descriptors, constants stay, schemas become a value that explains itself
 * if anything ever reads it. This keeps zod's full API (and every schema's construction) out of
 * the page; browser code uses `zod/mini` for its own forms and attributes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { WidgetDefinition } from '../widgets/runtime/definition.js';

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
const PAGE_HEAD = '<!-- chairside:page-head -->';

/**
 * An index.html with the head every page of ours starts with (portal/pageHead.html: the meta tags,
 * the theme kept on the device before the first paint, the page's background) where it says
 * `<!-- chairside:page-head -->`, indented as the comment is.
 */
export function withPageHead(html: string): string {
  const head = fs
    .readFileSync(path.join(root, 'portal', 'pageHead.html'), 'utf8')
    .replace(/^<!--[\s\S]*?-->\n/, '')
    .trimEnd();
  return html.replace(new RegExp(`^([ \\t]*)${PAGE_HEAD}$`, 'm'), (_line, indent: string) =>
    head
      .split('\n')
      .map((line) => (line ? indent + line : line))
      .join('\n'),
  );
}

/** The portal's and the patient's pages' index.html get their shared head (withPageHead). */
export function pageHead(): Plugin {
  return {
    name: 'chairside:page-head',
    transformIndexHtml: { order: 'pre', handler: withPageHead },
  };
}

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

/**
 * Fluent's `tokens` object maps each of its ~470 token names to `var(--name)`: 30 kB of text that
 * repeats every name twice. Widgets already ship the names once, in widgets/runtime/themeCss.ts
 * (their themes' values are stored by token name), so in widget builds the object is built from that
 * list instead. The build fails if the list no longer matches this version of Fluent.
 */
export function compactFluentTokens(): Plugin {
  const themeCss = path.join(root, 'widgets', 'runtime', 'themeCss.ts');
  const tokensFile = ['', '@fluentui', 'tokens', 'lib', 'tokens.js'].join(path.sep);
  return {
    name: 'chairside:compact-fluent-tokens',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!file.endsWith(tokensFile)) return null;
      const { tokens } = (await import(pathToFileURL(file).href)) as { tokens: Record<string, string> };
      const { tokenNames } = (await import(pathToFileURL(themeCss).href)) as { tokenNames: string };
      if (Object.keys(tokens).join(' ') !== tokenNames) {
        this.error(
          `widgets/runtime/themeCss.ts does not list the token names of ${path.relative(root, file)}: run npx tsx scripts/generate-theme-css.ts.`,
        );
      }
      // A few tokens carry a fallback (the z-indexes: `var(--zIndexPopup, 2000)`).
      const others = Object.fromEntries(Object.entries(tokens).filter(([name, v]) => v !== `var(--${name})`));
      return [
        `import { tokenNames } from ${JSON.stringify(themeCss)};`,
        'export const tokens = {};',
        "for (const name of tokenNames.split(' ')) tokens[name] = `var(--${name})`;",
        `Object.assign(tokens, ${JSON.stringify(others)});`,
      ].join('\n');
    },
  };
}

function isWidgetDefinition(value: unknown): value is WidgetDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { tag?: unknown }).tag === 'string' &&
    typeof (value as { attributes?: unknown }).attributes === 'object' &&
    typeof (value as { events?: unknown }).events === 'object'
  );
}

/**
 * A widget's definition (widgets/<capability>/definition.ts) documents every attribute and event
 * for the generated declarations and custom-elements.json; a browser needs only the tag and the
 * names. So in the widgets' bundles a definition module becomes its tag and names, without the
 * descriptions, types, defaults and early requests (those are the loader's). A module that exports anything else is left as it is. (The loader imports no
 * definition: the build gives it what it needs, widgets/loader/earlyRequests.ts.)
 */
export function browserWidgetDefinitions(): Plugin {
  const widgetsDir = path.join(root, 'widgets') + path.sep;
  return {
    name: 'chairside:browser-widget-definitions',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(widgetsDir) || path.basename(file) !== 'definition.ts') return null;
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      if (!Object.values(mod).every(isWidgetDefinition)) return null;
      const names = (record: object) => Object.fromEntries(Object.keys(record).map((name) => [name, {}]));
      return Object.entries(mod as Record<string, WidgetDefinition>)
        .map(([key, value]) => {
          const slim = {
            tag: value.tag,
            attributes: names(value.attributes),
            events: names(value.events),
          };
          return `export const ${key} = ${JSON.stringify(slim)};`;
        })
        .join('\n');
    },
  };
}
