/**
 * `npm run cluster [-- --instances N]`: PostgreSQL, N sandbox instances (3 unless told) and HAProxy
 * in front of them on http://localhost:8080 (PORT changes it), the card-entry provider on the next
 * port. PostgreSQL keeps its data in .data/cluster/postgres, so the next run finds it; the first run
 * migrates and seeds it. Ctrl+C stops HAProxy, the instances, then PostgreSQL.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEMO_USERS } from '../../server/demoUsers.js';
import { HOST_DEMO_USER } from '../../server/practice-addon/demo.js';
import { stopOnSignals } from '../../server/stopOnSignals.js';
import { root } from '../../tests/support/childServer.js';
import { startCluster } from './launcher.js';

const Args = z.object({
  instances: z.coerce.number().int().min(1).max(16),
  // The card entry and each instance take the ports after it (scripts/cluster/launcher.ts).
  port: z.coerce.number().int().min(1).max(65500),
});

function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const arg = argv[at]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
}

const parsed = Args.safeParse({
  instances: option('instances') ?? process.env.CLUSTER_INSTANCES ?? 3,
  port: process.env.PORT ?? 8080,
});
if (!parsed.success) {
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  console.error(`\n  The cluster could not start: ${problems}\n`);
  process.exit(1);
}
const { instances, port } = parsed.data;
const postgresDir = path.join(root, '.data', 'cluster', 'postgres');
const t0 = performance.now();

console.log(`  Starting PostgreSQL and ${instances} instance${instances === 1 ? '' : 's'}…`);
const cluster = await startCluster({
  instances,
  port,
  postgresDir,
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PRACTICE_SYSTEM_CONNECTOR: 'on',
    BILLING_TIMER: 'on',
  },
  // Every instance keeps its timers: each job's run holds the job's lock in the database.
  run: 'build',
  // Each instance's log (JSON lines) and errors; not the banner each prints, which is the cluster's.
  onOutput: (n, text, stream) => {
    for (const line of text.split('\n')) {
      if (stream === 'stderr' ? /Unsupported runtime/.test(line) : !line.startsWith('{')) continue;
      if (line.trim()) process.stdout.write(`  [instance ${n}] ${line}\n`);
    }
  },
}).catch((error: unknown) => {
  console.error(
    `\n  The cluster could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

const { url } = cluster;
console.log(
  [
    '',
    `  Chairside cluster is running at ${url}`,
    '',
    `  Portal           ${url}/`,
    `  Embed loader     ${url}/embed.js`,
    `  Examples         ${url}/examples/`,
    `  API              ${url}/api/`,
    `  Realtime hub     ${url}/hubs/payments`,
    `  Card provider    ${cluster.cardProviderUrl} (every instance's; test cards: see README)`,
    '',
    `  HAProxy: round-robin over ${instances} instance${instances === 1 ? '' : 's'} (ports ${cluster.instances.map((i) => i.port).join(', ')}), each checked on /readyz; its configuration: ${cluster.front.configFile}`,
    `  Database: PostgreSQL ${cluster.postgres.url} (data in ${path.relative(root, postgresDir)}${cluster.seeded ? ', new: migrated and seeded' : ''})`,
    '',
    '  Demo sign-ins (password: demo)',
    ...DEMO_USERS.map(([email, what]) => `    ${email.padEnd(26)} ${what}`),
    `  Practice add-on example: the practice system's own user ${HOST_DEMO_USER.userName}, password ${HOST_DEMO_USER.password}`,
    '',
    `  Started in ${Math.round(performance.now() - t0)} ms. Press Ctrl+C to stop.`,
    '',
  ].join('\n'),
);

stopOnSignals('stopping HAProxy, the instances and PostgreSQL', () => cluster.stop());
