/**
 * Builds the front end into dist/public, the folder the server serves:
 *   widgets/   one ES module per widget (its element's code) plus shared chunks (React, Fluent, SDK)
 *   embed.js   the loader (a classic script), which knows each widget's chunk file
 *   /          the portal (index.html + assets/)
 *   patient/   the patient's pages' own entry (index.html + assets/), without the portal (issue 39)
 *   examples/  the host pages
 *   types/     chairside-elements.d.ts and custom-elements.json, generated from the definitions
 * and the npm packages @chairside/embed and @chairside/react into dist/packages (scripts/packages.ts).
 * Then it writes .gz and .br beside each text file (the server sends them when accepted).
 * Last, the server itself into dist/server (scripts/build-server.ts), which has inputs of its own.
 * `--if-changed` skips either build when none of its inputs changed since the last one.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Rolldown } from 'vite';
import { FIRST_WIDGET, widgetDefinitions, widgetFolder } from '../widgets/definitions.js';
import { encodeChunkManifest } from '../widgets/loader/chunkManifest.js';
import { earlyRequests } from '../widgets/loader/earlyRequests.js';
import { widgetEntry } from '../widgets/runtime/definition.js';
import { buildServer } from './build-server.js';
import { writeElementTypes } from './element-types.js';
import { inputsHash } from './inputsHash.js';
import { buildPackages } from './packages.js';
import { DIALOG_CHUNK, dialogFrameModules } from './dialogChunk.js';
import { modulesSharedWithFirst } from './sharedChunk.js';
import { modulesLoaded, staffModulesIn } from './patientEntry.js';
import {
  browserContract,
  browserWidgetDefinitions,
  compactFluentTokens,
  noClassicZod,
  pageHead,
} from './vite-plugins.js';

const root = path.resolve(import.meta.dirname, '..');
const finalOut = path.join(root, 'dist', 'public');
// Each build writes its own folder and swaps it in at the end, so a running server (or a second
// build at the same time) never sees a half-built front end.
const out = path.join(root, 'dist', `.public-building-${process.pid}`);
const stampFile = path.join(root, 'dist', '.build-stamp');
// The server's first-view renderer (widgets/firstViews.ts) for Node, swapped in with the rest.
const finalSsr = path.join(root, 'dist', 'ssr');
const ssrOut = path.join(root, 'dist', `.ssr-building-${process.pid}`);
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;

const INPUTS = [
  'embed-sdk',
  'widgets',
  'portal',
  'examples',
  'scripts/build.ts',
  'scripts/dialogChunk.ts',
  'scripts/sharedChunk.ts',
  'scripts/element-types.ts',
  'scripts/packages.ts',
  'packages',
  'scripts/vite-plugins.ts',
  'vite.config.ts',
  'package-lock.json',
];

const quiet: InlineConfig = { configFile: false, logLevel: 'warn', root, envDir: false as never };

async function buildWidgets(): Promise<{ files: Record<string, string>; deps: Record<string, string[]> }> {
  // One entry per widget, plus the SDK on its own for `Chairside.sdk()`; shared code becomes chunks.
  const input = {
    ...Object.fromEntries(
      widgetDefinitions.map((d) => [widgetFolder(d.tag), path.join(root, 'widgets', `${widgetEntry(d)}.ts`)]),
    ),
    sdk: path.join(root, 'embed-sdk', 'entry.ts'),
  };
  const config = (
    output: { codeSplitting?: Rolldown.CodeSplittingOptions },
    write: boolean,
  ): InlineConfig => ({
    ...quiet,
    plugins: [browserContract(), browserWidgetDefinitions(), compactFluentTokens(), noClassicZod(), react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: path.join(out, 'widgets'),
      emptyOutDir: true,
      write,
      // The first pass is read, not served: tree-shaking (what it is for) does not depend on minifying.
      minify: write,
      target: 'es2022',
      manifest: true,
      modulePreload: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 2048,
      rolldownOptions: {
        input,
        // The loader reads only an entry's default export, so an entry may export more: code shared by
        // a widget and its own on-demand parts (the patient search's appointments, a plan's details)
        // then joins the widget's chunk instead of a chunk of its own (a request and its overhead).
        preserveEntrySignatures: 'allow-extension',
        output: {
          format: 'es',
          entryFileNames: '[name]-[hash].js',
          // The chunks a widget imports statically by a short hash alone: embed.js lists each of them
          // (to preload a widget's chunks in one round trip), and a hash is what does not compress.
          // 7 characters: the fewest Rolldown accepts for this many chunks (it says so when more are
          // needed). Chunks loaded on demand (OpenID Connect, dialogs) keep their names.
          // The dialog frame keeps its name too: the bench finds it by it (bench/bundle.ts).
          chunkFileNames: (chunk) =>
            chunk.isDynamicEntry
              ? 'chunks/[name]-[hash].js'
              : chunk.name === DIALOG_CHUNK
                ? `chunks/${DIALOG_CHUNK}-[hash:7].js`
                : 'chunks/[hash:7].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
          ...output,
        },
      },
    },
  });
  // First pass, in memory, with Rolldown's own splitting: which modules the first widget shares with
  // the others (scripts/sharedChunk.ts).
  const first = await build(config({}, false));
  const chunks = (Array.isArray(first) ? first : [first as Rolldown.RolldownOutput])
    .flatMap((o) => o.output)
    .filter((o) => o.type === 'chunk');
  const widgetNames = widgetDefinitions.map((d) => widgetFolder(d.tag));
  const shared = modulesSharedWithFirst(chunks, widgetFolder(FIRST_WIDGET), widgetNames);
  // And which modules make the dialog frame every modal widget opens in (scripts/dialogChunk.ts).
  const frame = dialogFrameModules(chunks, widgetFolder(FIRST_WIDGET), widgetNames).modules;
  // Second pass, written: those modules in one chunk (React, Jotai, SWR, Griffel, Fluent's core and
  // the components the first widget renders, the SDK, widgets/ui), and the dialog frame in another.
  // What one widget uses alone stays in its chunk, what other widgets share without the first one is
  // split among them, and what loads on demand (OpenID Connect, dialogs, realtime) stays on demand.
  // The shared chunk comes first: a module in both sets is the first widget's.
  await build(
    config(
      {
        codeSplitting: {
          groups: [
            { name: 'shared', priority: 2, test: (id) => shared.has(id) },
            {
              name: DIALOG_CHUNK,
              priority: 1,
              test: (id) => frame.has(id) && !shared.has(id),
              // Rolldown's default pulls the frame's imports in with it, among them icons that a
              // widget without a dialog imports too: that widget would then fetch the whole frame.
              // Those stay in their chunks, which the frame imports (no cycle: none imports the frame).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      true,
    ),
  );
  const manifest = JSON.parse(
    fs.readFileSync(path.join(out, 'widgets', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean; name?: string; imports?: string[] }>;
  // Every chunk an entry imports statically, at any depth (the loader preloads them together).
  const staticImports = (key: string, seen = new Set<string>()): Set<string> => {
    for (const dep of manifest[key]?.imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      staticImports(dep, seen);
    }
    return seen;
  };
  const files: Record<string, string> = {};
  const deps: Record<string, string[]> = {};
  for (const definition of widgetDefinitions) {
    const key = Object.keys(manifest).find(
      (k) => manifest[k]!.isEntry && manifest[k]!.name === widgetFolder(definition.tag),
    );
    if (!key) throw new Error(`No chunk was built for ${definition.tag}`);
    files[definition.tag] = `widgets/${manifest[key]!.file}`;
    deps[definition.tag] = [...staticImports(key)].map((dep) => manifest[dep]!.file).sort();
  }
  const sdkEntry = Object.values(manifest).find((m) => m.isEntry && m.name === 'sdk');
  if (!sdkEntry) throw new Error('No chunk was built for the SDK');
  files.sdk = `widgets/${sdkEntry.file}`;
  return { files, deps };
}

async function buildLoader(widgetFiles: Record<string, string>, widgetDeps: Record<string, string[]>) {
  await build({
    ...quiet,
    // The loader knows each tag's chunks and early requests, not its attributes or events (the
    // widget's chunk brings its definition).
    plugins: [browserContract(), noClassicZod()],
    define: {
      __CHAIRSIDE_VERSION__: JSON.stringify(version),
      __CHAIRSIDE_WIDGETS__: JSON.stringify(widgetFiles),
      __CHAIRSIDE_EARLY_REQUESTS__: JSON.stringify(earlyRequests(widgetDefinitions)),
      __CHAIRSIDE_WIDGET_DEPS__: JSON.stringify(
        encodeChunkManifest(
          Object.fromEntries(
            Object.entries(widgetDeps).map(([tag, files]) => [
              tag,
              files.map((file) => {
                if (!file.startsWith('chunks/'))
                  throw new Error(`A widget imports ${file}, not a shared chunk`);
                return file.slice('chunks/'.length);
              }),
            ]),
          ),
        ),
      ),
    },
    build: {
      outDir: out,
      emptyOutDir: false,
      // As the widgets' (their code needs it anyway): class fields stay as they are, no helpers.
      target: 'es2022',
      reportCompressedSize: false,
      lib: {
        entry: path.join(root, 'widgets', 'loader', 'index.ts'),
        formats: ['iife'],
        name: 'ChairsideLoader',
        fileName: () => 'embed.js',
      },
    },
  });
}

async function buildPortal() {
  if (!fs.existsSync(path.join(root, 'portal', 'index.html'))) return;
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: false, reportCompressedSize: false },
  });
}

/**
 * The patient's pages (portal/patient/): a build of their own, so that nothing of the portal's
 * chunks (its shell, router, session, identity provider) is shared into them. It fails when a staff
 * module reached its bundle by any import (scripts/patientEntry.ts).
 */
async function buildPatientPages() {
  const output = await build({
    ...quiet,
    root: path.join(root, 'portal', 'patient'),
    base: '/patient/',
    plugins: [pageHead(), browserContract(), noClassicZod(), react()],
    define: { __CHAIRSIDE_VERSION__: JSON.stringify(version) },
    build: {
      outDir: path.join(out, 'patient'),
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 2048,
    },
  });
  const chunks = (Array.isArray(output) ? output : [output as Rolldown.RolldownOutput])
    .flatMap((o) => o.output)
    .filter((o) => o.type === 'chunk');
  const staff = staffModulesIn(modulesLoaded(chunks).map((id) => path.relative(root, id)));
  if (staff.length) {
    throw new Error(`The patient's pages bundle staff code: ${staff.join(', ')}`);
  }
}

/**
 * Static example pages are copied; an example with a vite.config.ts of its own is built. An example
 * with a package.json of its own (examples/react-app) installs our packed packages first: its test
 * builds it (tests/e2e/react-app.spec.ts).
 */
async function buildExamples() {
  const src = path.join(root, 'examples');
  if (!fs.existsSync(src)) return;
  const dest = path.join(out, 'examples');
  fs.mkdirSync(dest, { recursive: true });
  for (const name of fs.readdirSync(src)) {
    const dir = path.join(src, name);
    if (fs.existsSync(path.join(dir, 'package.json'))) continue;
    if (fs.statSync(dir).isDirectory() && fs.existsSync(path.join(dir, 'vite.config.ts'))) {
      await build({
        configFile: path.join(dir, 'vite.config.ts'),
        root: dir,
        logLevel: 'warn',
        build: { outDir: path.join(dest, name), emptyOutDir: true, reportCompressedSize: false },
      });
    } else {
      fs.cpSync(dir, path.join(dest, name), { recursive: true });
    }
  }
}

/**
 * The first-view renderer, for the server to load: everything bundled (React in its production
 * build, whatever NODE_ENV the server runs with), as one ES module plus the widgets' chunks.
 */
async function buildFirstViews() {
  await build({
    ...quiet,
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Not the `node` condition: Fluent's packages map it to their CommonJS builds, which cannot be
    // tree-shaken (the whole icon set came along, 23 MB); their ES modules run in Node as they are.
    ssr: { noExternal: true, resolve: { conditions: ['module', 'production'] } },
    build: {
      // The widgets' first views, and the patient's pages (server/http/patientPage.ts).
      ssr: true,
      outDir: ssrOut,
      emptyOutDir: true,
      target: 'node20',
      reportCompressedSize: false,
      rolldownOptions: {
        input: {
          'first-views': path.join(root, 'widgets', 'firstViews.ts'),
          'patient-page': path.join(root, 'portal', 'patient', 'renderPage.tsx'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

function compress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      compress(full);
    } else if (/\.(js|css|html|json|svg|d\.ts)$/.test(entry.name)) {
      const data = fs.readFileSync(full);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

const onlyIfChanged = process.argv.includes('--if-changed');
const hash = inputsHash(root, INPUTS);
if (
  onlyIfChanged &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === hash &&
  fs.existsSync(finalOut)
) {
  console.log('[chairside] The front end is up to date.');
} else {
  const t0 = performance.now();
  process.on('exit', () => {
    fs.rmSync(out, { recursive: true, force: true });
    fs.rmSync(ssrOut, { recursive: true, force: true });
  });
  console.log('[chairside] Building the front end…');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const widgets = await buildWidgets();
  await buildLoader(widgets.files, widgets.deps);
  await buildPortal();
  await buildPatientPages();
  await buildExamples();
  await buildFirstViews();
  writeElementTypes(path.join(out, 'types'), widgetDefinitions);
  buildPackages(path.join(root, 'dist', 'packages'), version);
  fs.rmSync(path.join(out, 'widgets', '.vite'), { recursive: true, force: true });
  compress(out);
  const previous = path.join(root, 'dist', `.public-old-${process.pid}`);
  if (fs.existsSync(finalOut)) fs.renameSync(finalOut, previous);
  fs.renameSync(out, finalOut);
  fs.rmSync(previous, { recursive: true, force: true });
  fs.rmSync(finalSsr, { recursive: true, force: true });
  fs.renameSync(ssrOut, finalSsr);
  fs.writeFileSync(stampFile, hash);
  console.log(`[chairside] Built in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}

const tServer = performance.now();
console.log(
  (await buildServer({ ifChanged: onlyIfChanged }))
    ? `[chairside] Built the server in ${((performance.now() - tServer) / 1000).toFixed(1)} s.`
    : '[chairside] The server build is up to date.',
);
