/**
 * `npm run bench [-- section…]`: prints the figures the issues budget. Nothing here is a pass/fail
 * test; compare ratios within one run, since these machines are noisy.
 * Sections: server (API latency, cold start).
 */
import { benchServer } from './server.js';

const sections: Record<string, () => Promise<void>> = {
  server: benchServer,
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(a in sections));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Known: ${Object.keys(sections).join(', ')}.`);
  process.exit(1);
}
console.log(`# Chairside bench (${new Date().toISOString()}, Node ${process.version})`);
for (const name of asked.length ? asked : Object.keys(sections)) await sections[name]!();
