/**
 * `npm run dev`: the whole product on one origin (http://localhost:8080, `PORT` changes it) with
 * hot reload.
 *
 *   - The portal is served by Vite's dev server: edits to the portal, the widgets it places and the
 *     SDK show at once (React Fast Refresh).
 *   - The sandbox server runs behind it under `tsx watch`, on PORT+100, and restarts when server code
 *     changes. Vite forwards /api, /oidc, /interaction, /hubs (WebSocket), /sandbox, and the built
 *     embed files to it. The sandbox is told that its public origin is Vite's, so sign-in redirects,
 *     tokens and the card-entry frame's allowed parent all name the origin people use.
 *   - The embed path (/embed.js, /widgets/, /examples/) is the real production build, rebuilt when
 *     the SDK, the widgets or the examples change; reload the example page to see it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { createServer, type ProxyOptions } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const sandboxPort = port + 100;
const publicUrl = `http://localhost:${port}`;
const sandboxUrl = `http://localhost:${sandboxPort}`;
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const log = (message: string) => console.log(`\x1b[36m[chairside dev]\x1b[0m ${message}`);

function runBuild(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['scripts/build.ts', '--if-changed'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });
}

// The first build must exist before the sandbox serves it.
if (!(await runBuild())) log('The front-end build failed; fix the error above and save again.');

// The sandbox restarts when server code (or the contract and rules it shares with the SDK) changes.
// Not `tsx watch`: it starts the new process before the old one has closed its database, and the
// data folder's lock (rightly) refuses a second server. Here the old one exits first.
let sandbox: ChildProcess | null = null;
let stopping = false;
function startSandbox() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(sandboxPort),
      CARD_PROVIDER_PORT: String(sandboxPort + 1),
      PUBLIC_URL: publicUrl,
      NODE_ENV: 'development',
    },
  });
  child.on('exit', (code, signal) => {
    if (!stopping && sandbox === child && signal === null) {
      log(`The sandbox stopped (exit ${code}); it restarts when you save a server file.`);
    }
  });
  sandbox = child;
}
async function stopSandbox() {
  const child = sandbox;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM'); // the sandbox closes its database cleanly on SIGTERM
  await exited;
}
let restarting: Promise<void> | null = null;
function restartSandbox() {
  restarting ??= (async () => {
    log('Server code changed: restarting the sandbox…');
    await stopSandbox();
    startSandbox();
    restarting = null;
  })();
}
startSandbox();

// Rebuild the embed path when what it is built from changes (debounced: an editor saves in bursts).
let timer: NodeJS.Timeout | undefined;
let building = false;
let again = false;
async function rebuild() {
  if (building) {
    again = true;
    return;
  }
  building = true;
  do {
    again = false;
    await runBuild();
  } while (again);
  building = false;
}
let serverTimer: NodeJS.Timeout | undefined;
const isTest = (file: string | null) => file !== null && /\.test\.tsx?$/.test(String(file));
const watchers = [
  ...['embed-sdk', 'widgets', 'examples'].map((folder) =>
    fs.watch(path.join(root, folder), { recursive: true }, (_event, file) => {
      if (isTest(file)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void rebuild(), 300);
    }),
  ),
  ...['server', 'embed-sdk'].map((folder) =>
    fs.watch(path.join(root, folder), { recursive: true }, (_event, file) => {
      if (isTest(file)) return;
      clearTimeout(serverTimer);
      serverTimer = setTimeout(restartSandbox, 300);
    }),
  ),
];

const toSandbox: ProxyOptions = { target: sandboxUrl, changeOrigin: false, xfwd: true };
const vite = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  server: {
    port,
    strictPort: true,
    proxy: {
      '/api': toSandbox,
      '/oidc': toSandbox,
      '/interaction': toSandbox,
      '/sandbox': toSandbox,
      '/hubs': { ...toSandbox, ws: true },
      '/embed.js': toSandbox,
      '/widgets/': toSandbox,
      '/examples/': toSandbox,
      '/types/': toSandbox,
    },
  },
});
await vite.listen();
log(`Portal with hot reload at ${publicUrl}/ (the sandbox behind it prints its own addresses).`);

async function stop() {
  if (stopping) return;
  stopping = true;
  watchers.forEach((w) => w.close());
  setTimeout(() => process.exit(1), 10_000).unref();
  await Promise.all([vite.close(), stopSandbox()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
