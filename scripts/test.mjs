/**
 * `npm test`: installs what is missing (dependencies, a Chromium, PostgreSQL for the database test),
 * then runs every check: lint, format, types, unit and API tests, and the browser tests.
 * `npm test -- --quick` skips the browser tests.
 */
import path from 'node:path';
import { ensureDependencies, findChromium, findPostgres, log, root, run } from './ensure.mjs';

const quick = process.argv.includes('--quick');
ensureDependencies();
const chromium = quick ? null : findChromium({ install: true });
if (!quick && !chromium) {
  console.error(
    "No Chromium found and none could be installed. Install Debian's chromium or set CHROMIUM_PATH.",
  );
  process.exit(1);
}
if (chromium) process.env.CHROMIUM_PATH = chromium;
const pg = findPostgres({ install: true });
if (pg) process.env.POSTGRES_BIN = pg;
else log('PostgreSQL is not installed and could not be: the PostgreSQL test will fail.');

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const started = Date.now();
const step = (name, command, args) => {
  const t = Date.now();
  log(`${name}…`);
  run(command, args);
  log(`${name}: ok (${((Date.now() - t) / 1000).toFixed(1)} s)`);
};

step('Lint', bin('eslint'), ['.', '--max-warnings=0']);
step('Format check', bin('prettier'), ['--check', '.', '--log-level=warn']);
step('Type check', bin('tsc'), ['--noEmit', '-p', '.']);
step('Unit and API tests', bin('vitest'), ['run']);
if (!quick) {
  step('Build', bin('tsx'), ['scripts/build.ts', '--if-changed']);
  step('Browser tests', bin('playwright'), ['test']);
}
log(`All checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
