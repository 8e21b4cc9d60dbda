/** `npm start` runs this: the sandbox on http://localhost:8080 (PORT changes it). */
import { stopOnSignals } from './stopOnSignals.js';
import { DataDirLockedError } from './db/lock.js';
import { DEMO_USERS } from './demoUsers.js';
import { HOST_DEMO_USER } from './practice-addon/demo.js';

// Imported here rather than at the top, so that the time it takes to load the server's modules is
// known apart from Node's own start (CHAIRSIDE_START_TIMINGS, below).
const tMain = performance.now();
const { startServer } = await import('./start.js');
const tImported = performance.now();

try {
  const server = await startServer();
  const { url, ctx, timings, seeded } = server;
  const lines = [
    '',
    `  Chairside sandbox is running at ${url}`,
    '',
    `  Portal           ${url}/`,
    `  Embed loader     ${url}/embed.js`,
    `  Examples         ${url}/examples/`,
    `  API              ${url}/api/`,
    `  Sign-in (OIDC)   ${url}/oidc/.well-known/openid-configuration`,
    `  Realtime hub     ${url}/hubs/payments`,
    `  Sandbox outbox   ${url}/sandbox/outbox`,
    `  Probes           ${url}/healthz (live), ${url}/readyz (ready)`,
    `  Card provider    ${new URL(ctx.cardProviderScriptUrl).origin} (test cards: see README)`,
    '',
    '  Demo sign-ins (password: demo)',
    ...DEMO_USERS.map(([email, what]) => `    ${email.padEnd(26)} ${what}`),
    `  Practice add-on example: the practice system's own user ${HOST_DEMO_USER.userName}, password ${HOST_DEMO_USER.password}`,
    '',
    `  Database: ${ctx.database.kind} at ${ctx.database.location}${seeded ? ' (new: migrated and seeded)' : ''}`,
    `  Started in ${Math.round(timings.total)} ms. Press Ctrl+C to stop.`,
    '',
  ];
  console.log(lines.join('\n'));
  // For `npm run bench server`: when each step of the start ended, in milliseconds since the process
  // started; the bench adds the time to its own first answer.
  if (process.env.CHAIRSIDE_START_TIMINGS === '1') {
    const phases = [
      { name: 'Node (and tsx, from the sources)', end: tMain },
      { name: 'server modules', end: tImported },
      ...timings.phases,
    ];
    console.log(`chairside-start-timings ${JSON.stringify({ timeOrigin: performance.timeOrigin, phases })}`);
  }

  stopOnSignals('closing the database and stopping', () => server.close());
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`\n  Chairside could not start: ${error.message}\n`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
