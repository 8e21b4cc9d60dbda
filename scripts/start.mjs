/**
 * `npm start`: installs what is missing, builds the front end and the server when their sources
 * changed, and runs the built server (dist/server/main.js: plain JavaScript starts in about half the
 * time the TypeScript through tsx does). Ctrl+C stops it and closes the database cleanly.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureSupportedNode, log, root, run } from './ensure.mjs';

await ensureSupportedNode();

ensureDependencies();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
run(tsx, ['scripts/build.ts', '--if-changed']);
log('Starting the sandbox server…');
const child = spawn(process.execPath, ['dist/server/main.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
