/**
 * `npm test`: installs what is missing (dependencies, a Chromium, PostgreSQL for the database test,
 * HAProxy for the cluster's), then runs every check: lint, format, types, unit and API tests, and the browser tests.
 * `npm test -- --quick` skips the build and the browser tests.
 *
 * The checks keep every core busy: lint, the format check, the type check, the tests' database and
 * the build run side by side (each prints its output when it ends); Vitest starts as soon as the
 * database and the build are made, and Playwright once everything else has passed. Both spread their
 * files over one worker per core. At the end it prints each step's time and the share of the machine's cores
 * the steps kept busy, so that a slower suite shows the day it lands.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureDependencies,
  ensureSupportedNode,
  findHaproxy,
  findPostgres,
  findTestBrowser,
  log,
  root,
} from './ensure.mjs';

await ensureSupportedNode();

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
if (!findHaproxy({ install: true }))
  log('HAProxy is not installed and could not be: the cluster tests will fail.');

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

const children = new Set();

/** Runs one command; with `quiet` its output is kept and printed when it ends, so that steps run side by side stay readable. */
function runStep(name, command, args, { quiet = false } = {}) {
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code, signal) => {
      children.delete(child);
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

/**
 * Runs the plan: each step starts as soon as the steps it needs have passed, beside whatever else is
 * running. The short checks print their output when they end; Vitest and Playwright print as they go.
 * When a step fails, no other starts, the running ones are stopped, and `npm test` fails.
 */
async function runPlan(plan) {
  const done = new Map();
  const running = new Map();
  let failed = null;
  while (done.size < plan.length && !failed) {
    for (const step of plan) {
      if (done.has(step.name) || running.has(step.name)) continue;
      if (!(step.after ?? []).every((name) => done.get(name)?.ok)) continue;
      log(`${step.name}…`);
      running.set(
        step.name,
        runStep(step.name, step.command, step.args, { quiet: !step.streams }).then((result) => ({
          step,
          result,
        })),
      );
    }
    if (!running.size) throw new Error('No step can start: check the steps each needs.');
    const { step, result } = await Promise.race(running.values());
    running.delete(step.name);
    done.set(step.name, result);
    steps.push(result);
    if (!result.ok) failed = result;
  }
  if (failed) {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(running.values());
    report();
    console.error(`\n${failed.name} failed.`);
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

const step = (name, command, args, more = {}) => ({ name, command, args, ...more });
const checks = ['Lint', 'Format check', 'Type check'];
await runPlan([
  step('Lint', bin('eslint'), ['.', '--max-warnings=0']),
  step('Format check', bin('prettier'), ['--check', '.', '--log-level=warn']),
  step('Type check', bin('tsc'), ['--noEmit', '-p', '.']),
  // The tests' seeded database, which Vitest's global set-up would otherwise build alone.
  step('Test database', bin('tsx'), ['tests/support/build-template.ts']),
  // The browser tests need the build, and Vitest's built-server test finds it made (it would build
  // it again, into the same folder, if it started first).
  ...(quick ? [] : [step('Build', bin('tsx'), ['scripts/build.ts', '--if-changed'])]),
  // Vitest starts while the slower checks end, on the core they leave.
  step('Unit and API tests', bin('vitest'), ['run'], {
    after: ['Test database', ...(quick ? [] : ['Build'])],
    streams: true,
  }),
  // The browser tests alone after the rest: their waits are for a person's eye, and a machine they
  // share with Vitest would make them slow enough to time out.
  ...(quick
    ? []
    : [
        step('Browser tests', bin('playwright'), ['test'], {
          after: [...checks, 'Unit and API tests'],
          streams: true,
        }),
      ]),
]);
report();
log(`All checks passed in ${((Date.now() - began) / 1000).toFixed(0)} s.`);
