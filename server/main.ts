/** `npm start` runs this: the sandbox on http://localhost:8080 (PORT changes it). */
import { DataDirLockedError } from './db/lock.js';
import { DEMO_USERS } from './demoUsers.js';
import { HOST_DEMO_USER } from './practice-addon/demo.js';
import { startServer } from './start.js';

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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: closing the database and stopping…`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`\n  Chairside could not start: ${error.message}\n`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
