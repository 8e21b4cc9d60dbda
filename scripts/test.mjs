/**
 * `npm test`: installs what is missing (dependencies, a Chromium, PostgreSQL for the database test),
 * then runs every check: lint, format, types, unit and API tests, and the browser tests.
 * `npm test -- --quick` skips the build and the browser tests.
 *
 * The checks keep every core busy: lint, the format check, the type check and the build run side by
 * side (each prints its output when it ends), then Vitest and Playwright each spread their files over
 * one worker per core. At the end it prints each step's time and the share of the machine's cores
 * the steps kept busy, so that a slower suite shows the day it lands.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, findPostgres, findTestBrowser, log, root } from './ensure.mjs';

const quick = process.argv.includes('--quick');
const began = Date.now();
ensureDependencies();
const browser = quick ? null : findTestBrowser({ install: true });
if (!quick && !browser) {
  console.error(
    "No Chromium found and none could be installed. Install Debian's chromium-headless-shell (or chromium), or set CHROMIUM_PATH.",
  );
  process.exit(1);
}
if (browser) process.env.CHROMIUM_PATH = browser;
const pg = findPostgres({ install: true });
if (pg) process.env.POSTGRES_BIN = pg;
else log('PostgreSQL is not installed and could not be: the PostgreSQL test will fail.');

const cores = os.availableParallelism();
// One worker per core for Vitest and Playwright (each reads it: vitest.config.ts, playwright.config.ts).
process.env.TEST_WORKERS ??= String(cores);

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * CPU seconds of this process's children that have ended (Linux's /proc: `cutime` and `cstime`, which
 * count every descendant a child waited for, as the time command does); null elsewhere.
 */
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5), counted from 1 with pid and comm first: in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU time so far, every process counted (/proc/stat); null elsewhere. */
function machineCpu() {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

/** Runs one command; with `quiet` its output is kept and printed when it ends, so that steps run side by side stay readable. */
function runStep(name, command, args, { quiet = false } = {}) {
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code, signal) => {
      const ms = Date.now() - t;
      const ok = code === 0;
      if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
      log(`${name}: ${ok ? 'ok' : `failed (${code ?? signal})`} (${seconds(ms)})`);
      resolve({ name, ms, ok });
    });
  });
}

const steps = [];
const cpuBefore = childrenCpuSeconds();
const machineBefore = machineCpu();
const started = Date.now();

/** Runs steps side by side; stops `npm test` when one failed. */
async function phase(list) {
  log(`${list.map((s) => s[0]).join(', ')}…`);
  const results = await Promise.all(
    list.map(([name, command, args]) => runStep(name, command, args, { quiet: list.length > 1 })),
  );
  steps.push(...results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    report();
    console.error(`\n${failed.map((r) => r.name).join(', ')} failed.`);
    process.exit(1);
  }
}

function report() {
  const wall = Date.now() - started;
  log(`Steps (${cores} cores):`);
  for (const s of steps) console.log(`  ${s.name.padEnd(20)} ${seconds(s.ms).padStart(9)}`);
  const cpu = childrenCpuSeconds();
  const machine = machineCpu();
  if (cpu !== null && cpuBefore !== null) {
    const used = cpu - cpuBefore;
    console.log(
      `  The checks used ${used.toFixed(0)} CPU seconds in ${seconds(wall)}: ${((100 * used) / (wall / 1000)).toFixed(0)} % of one core, ` +
        `${((100 * used) / (wall / 1000) / cores).toFixed(0)} % of the machine's ${cores}.`,
    );
  }
  if (machine && machineBefore) {
    const busy = (100 * (machine.busy - machineBefore.busy)) / (machine.total - machineBefore.total);
    console.log(`  The machine, every process counted, was ${busy.toFixed(0)} % busy meanwhile.`);
  }
}

const checks = [
  ['Lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['Format check', bin('prettier'), ['--check', '.', '--log-level=warn']],
  ['Type check', bin('tsc'), ['--noEmit', '-p', '.']],
  // The tests' seeded database, which Vitest's global set-up would otherwise build alone.
  ['Test database', bin('tsx'), ['tests/support/build-template.ts']],
];
// The build goes beside the checks: the browser tests need it, and the built-server test finds it made.
await phase(quick ? checks : [...checks, ['Build', bin('tsx'), ['scripts/build.ts', '--if-changed']]]);
await phase([['Unit and API tests', bin('vitest'), ['run']]]);
if (!quick) await phase([['Browser tests', bin('playwright'), ['test']]]);
report();
log(`All checks passed in ${((Date.now() - began) / 1000).toFixed(0)} s.`);
