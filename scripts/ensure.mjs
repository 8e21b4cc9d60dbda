/**
 * What `npm start` and `npm test` need before they can run, installed when missing: a supported
 * Node, the npm dependencies, and (for tests) a Chromium, PostgreSQL and HAProxy. Only Node built-ins
 * are used here, because this runs before anything is installed.
 *
 * As a command: `node scripts/ensure.mjs [--browser] [--postgres] [--run <command> [args…]]` installs
 * what is missing, then runs the command (if any) under the supported Node.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m[chairside]\x1b[0m ${message}`);
}

export function run(command, args, opts = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...opts });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** The Node the product runs and is tested on (.nvmrc), and the oldest major it supports (engines). */
export const NODE_VERSION = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const OLDEST_MAJOR = 22;

/**
 * Runs the calling script again under a supported Node when the running one is older (Node 20 reached
 * its end of life in April 2026, and oidc-provider, @fastify/static and cookie want 22 or newer): the
 * version .nvmrc names, from the npm registry's `node-<platform>-<arch>` package (the runtime alone),
 * kept in .cache/node/<version>. Its folder leads the PATH of everything it starts (npm, tsx, the
 * tests' servers), so they run under it too. Returns only when the running Node is supported; else
 * ends this process with the other's exit code.
 */
export async function ensureSupportedNode() {
  if (Number(process.versions.node.split('.')[0]) >= OLDEST_MAJOR) return;
  const node = supportedNode();
  log(`Node ${process.versions.node} is past its end of life: running under Node ${NODE_VERSION}.`);
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: underNode(node),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}

/** An environment whose `node` (for npm and every script's `#!/usr/bin/env node`) is `node`. */
function underNode(node) {
  return {
    ...process.env,
    PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
    NODE: node,
    npm_node_execpath: node,
  };
}

/** The supported Node's binary, downloaded (about 50 MB) on the first call. */
function supportedNode() {
  const dir = path.join(root, '.cache', 'node', NODE_VERSION);
  const node = path.join(dir, 'bin', 'node');
  if (fs.existsSync(node)) return node;
  const name = `node-${process.platform}-${process.arch}`;
  if (!['linux', 'darwin'].includes(process.platform)) {
    throw new Error(
      `Node ${process.versions.node} is too old: install Node ${NODE_VERSION} (or 22 or newer).`,
    );
  }
  log(`Fetching Node ${NODE_VERSION} (${name})…`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-node-'));
  try {
    const tarball = execFileSync(
      'npm',
      ['pack', `${name}@${NODE_VERSION}`, '--pack-destination', tmp, '--silent'],
      { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    )
      .trim()
      .split('\n')
      .at(-1);
    const building = `${dir}.${process.pid}`;
    fs.mkdirSync(building, { recursive: true });
    execFileSync('tar', [
      '-xzf',
      path.join(tmp, tarball),
      '-C',
      building,
      '--strip-components=1',
      'package/bin/node',
    ]);
    fs.renameSync(building, dir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return node;
}

/** Runs `npm ci` when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !fs.existsSync(installed) || fs.statSync(installed).mtimeMs + 1000 < fs.statSync(lock).mtimeMs;
  if (!stale) return;
  // A linked node_modules is another checkout's (a git worktree sharing it): npm ci would empty it
  // under that checkout's feet. That checkout installs; this one uses what is there.
  if (fs.lstatSync(path.join(root, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink()) {
    log("node_modules is a link to another checkout's: not reinstalling it here.");
    return;
  }
  log('Installing dependencies (npm ci)…');
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund']);
}

function which(name) {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(packages) {
  if (!isRoot() || !which('apt-get')) return false;
  log(`Installing ${packages.join(', ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
  return true;
}

/**
 * A Chromium for Playwright: CHROMIUM_PATH, else Playwright's own download when present, else the
 * system's (Debian's `chromium`), installed with apt-get when we may.
 */
export function findChromium({ install = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  try {
    const own = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    if (own && fs.existsSync(own)) return own;
  } catch {
    // playwright-core not installed yet, or no browser downloaded
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']) {
    const found = which(name);
    if (found) return found;
  }
  if (install && aptInstall(['chromium', 'fonts-liberation'])) return findChromium();
  return null;
}

/**
 * Chromium's headless shell (the browser without its own user interface, what Playwright's headless
 * mode runs by default): CHROMIUM_HEADLESS_SHELL, else Debian's `chromium-headless-shell`, installed
 * with apt-get when we may; null when there is none.
 */
export function findHeadlessShell({ install = false } = {}) {
  const fromEnv = process.env.CHROMIUM_HEADLESS_SHELL;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  const found = which('chromium-headless-shell');
  if (found) return found;
  if (install && aptInstall(['chromium-headless-shell', 'fonts-liberation'])) return findHeadlessShell();
  return null;
}

/**
 * The browser of the browser tests and the benches: CHROMIUM_PATH when set, else Chromium's headless
 * shell, else the full Chromium (findChromium). The full browser, headless, opens its interface's
 * WebUI pages with each new browser context; on two cores those took CPU from the pages under test
 * (a second worker's tests ran slower than the one worker's had), and its GPU process drew frames for
 * them. The headless shell is installed when neither is there and we may.
 */
export function findTestBrowser({ install = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return findHeadlessShell({ install }) ?? findChromium({ install });
}

/** PostgreSQL server binaries (initdb, pg_ctl) from Debian's package, installed when we may. */
export function findPostgres({ install = false } = {}) {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  const initdb = which('initdb');
  if (initdb) return path.dirname(initdb);
  if (install && aptInstall(['postgresql'])) return findPostgres();
  return null;
}

/** HAProxy (the cluster's front) from Debian's package, installed when we may. */
export function findHaproxy({ install = false } = {}) {
  const found = which('haproxy') ?? ['/usr/sbin/haproxy', '/sbin/haproxy'].find((p) => fs.existsSync(p));
  if (found) return found;
  if (install && aptInstall(['haproxy'])) return findHaproxy();
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureSupportedNode();
  const at = process.argv.indexOf('--run');
  const flags = at < 0 ? process.argv.slice(2) : process.argv.slice(2, at);
  ensureDependencies();
  if (flags.includes('--browser')) {
    const browser = findTestBrowser({ install: true });
    if (!browser) {
      console.error(
        "No Chromium found. Install Debian's chromium-headless-shell (or chromium) package, or set CHROMIUM_PATH.",
      );
      process.exit(1);
    }
    log(`Browser: ${browser}`);
  }
  if (flags.includes('--postgres')) {
    const bin = findPostgres({ install: true });
    if (!bin) {
      console.error("No PostgreSQL server found. Install Debian's postgresql package.");
      process.exit(1);
    }
    log(`PostgreSQL: ${bin}`);
  }
  if (at >= 0) {
    const [command, ...args] = process.argv.slice(at + 1);
    const child = spawn(command, args, {
      stdio: 'inherit',
      cwd: process.cwd(),
      env: underNode(process.execPath),
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}
