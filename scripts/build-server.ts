/**
 * Builds the sandbox server into dist/server/main.js, the JavaScript `npm start` runs. Running the
 * TypeScript through tsx costs every start about as much again as loading the server's modules:
 * tsx's loader hooks see each of the thousands of modules imported (issue 22's cold-start breakdown,
 * `npm run bench server`). The tests and `npm run dev` still run the sources through tsx.
 *
 * Vite's server (SSR) build: our code in a few files, every npm package left to Node (external), the
 * demo data's seed in a chunk of its own, loaded only for an empty data folder.
 * scripts/build.ts runs it after the front end; `ifChanged` skips it when no input changed since.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { inputsHash } from './inputsHash.js';

const root = path.resolve(import.meta.dirname, '..');
export const serverBuild = path.join(root, 'dist', 'server');
const building = path.join(root, 'dist', `.server-building-${process.pid}`);
const stampFile = path.join(root, 'dist', '.server-build-stamp');

const INPUTS = ['server', 'embed-sdk', 'scripts/build-server.ts', 'package-lock.json', 'tsconfig.json'];

/**
 * A module that finds its files beside itself (the migrations, the card frame's files, the
 * repository's root) keeps finding them where they are in the sources: `import.meta.dirname` is
 * rewritten to the module's own folder, relative to the built file, so the build moves with the
 * checkout. No bundler option does this per module.
 */
function sourceDirname(): Plugin {
  return {
    name: 'chairside-source-dirname',
    transform(code, id) {
      if (!code.includes('import.meta.dirname') || id.includes('node_modules')) return null;
      const relative = path.relative(serverBuild, path.dirname(id)).split(path.sep).join('/');
      const dir = `__chairsideSourcePath(new URL(${JSON.stringify(relative)}, import.meta.url))`;
      return {
        code: `import { fileURLToPath as __chairsideSourcePath } from 'node:url';\n${code.replaceAll('import.meta.dirname', dir)}`,
        map: null,
      };
    },
  };
}

/** Builds the server; false when `ifChanged` found the last build current. */
export async function buildServer({ ifChanged = false } = {}): Promise<boolean> {
  const hash = inputsHash(root, INPUTS);
  const main = path.join(serverBuild, 'main.js');
  if (ifChanged && fs.existsSync(main) && fs.existsSync(stampFile)) {
    if (fs.readFileSync(stampFile, 'utf8') === hash) return false;
  }
  fs.rmSync(building, { recursive: true, force: true });
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      root,
      envDir: false as never,
      plugins: [sourceDirname()],
      build: {
        ssr: path.join(root, 'server', 'main.ts'),
        outDir: building,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        reportCompressedSize: false,
        rolldownOptions: {
          output: { format: 'es', entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js' },
        },
      },
    });
    // Swapped in whole, so that a server starting meanwhile never sees half a build.
    const previous = `${serverBuild}.old-${process.pid}`;
    if (fs.existsSync(serverBuild)) fs.renameSync(serverBuild, previous);
    fs.renameSync(building, serverBuild);
    fs.rmSync(previous, { recursive: true, force: true });
    fs.writeFileSync(stampFile, hash);
    return true;
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}
