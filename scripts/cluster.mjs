/**
 * `npm run cluster`: installs what is missing (PostgreSQL and HAProxy from Debian's packages
 * included), builds the front end when its sources changed, and runs PostgreSQL, N instances and
 * HAProxy in front of them (scripts/cluster/main.ts; Ctrl+C stops them all).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  ensureDependencies,
  ensureSupportedNode,
  findHaproxy,
  findPostgres,
  log,
  root,
  run,
} from './ensure.mjs';

await ensureSupportedNode();

ensureDependencies();
if (!findPostgres({ install: true })) {
  console.error(
    "No PostgreSQL server found. Install Debian's postgresql package (apt-get install postgresql).",
  );
  process.exit(1);
}
if (!findHaproxy({ install: true })) {
  console.error("No HAProxy found. Install Debian's haproxy package (apt-get install haproxy).");
  process.exit(1);
}
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
run(tsx, ['scripts/build.ts', '--if-changed']);
log('Starting the cluster…');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'scripts/cluster/main.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
