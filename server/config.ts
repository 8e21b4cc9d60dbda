/**
 * The sandbox server's settings, read once from the environment and checked, so a bad value stops
 * the start with a message that names it.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { normalizeOrigin, originProblem } from '../embed-sdk/validation/origin.js';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  /** The origin people and browsers use; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  CHAIRSIDE_DATA_DIR: z.string().optional(),
  /** The card-entry test provider's port (a second origin). 0 picks a free one. */
  CARD_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The origin browsers reach this server's card-entry provider at, when a load balancer fronts it
   * (a cluster's every instance serves it behind one origin); defaults to its own port's.
   */
  CARD_PROVIDER_PUBLIC_URL: z.url().optional(),
  /** Where widgets load the card-entry script from; defaults to the sandbox's test provider. */
  CARD_PROVIDER_SCRIPT_URL: z.url().optional(),
  /**
   * Another server's card-entry test provider, which this server's charges and widgets then use
   * instead of its own: the servers of a cluster share one, as they would share a real provider.
   */
  CARD_PROVIDER_URL: z.url().optional(),
  /** The secret that server's provider and this server share (`CARD_PROVIDER_URL` needs it). */
  CARD_PROVIDER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The proxies in front of the server whose X-Forwarded-For is believed, so that the client's
   * address (what the sign-in and link throttles count) is the client's, not the proxy's: their
   * addresses or ranges, comma separated (`127.0.0.1`, `10.0.0.0/8`), or how many proxies there are
   * in front (`1`). None by default: the address is the connection's.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const value = text.trim();
      if (value === '') return undefined;
      if (/^\d+$/.test(value)) return Number(value);
      const addresses = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const address of addresses) {
        const [ip, bits, extra] = address.split('/');
        const version = net.isIP(ip ?? '');
        const maxBits = version === 6 ? 128 : 32;
        if (
          version === 0 ||
          extra !== undefined ||
          (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))
        ) {
          ctx.addIssue({
            code: 'custom',
            message: `${JSON.stringify(address)}: not an address, a range (10.0.0.0/8) or a number of proxies`,
          });
        }
      }
      return addresses;
    }),
  /** The OpenID provider the portal and widgets sign in with; defaults to the sandbox's own at /oidc. */
  OIDC_AUTHORITY: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('chairside-portal'),
  /**
   * Partners' origins, comma separated: at start-up every practice lists each among its embed origins
   * (CORS, sign-in redirects, the card frame's parents); the server's own is always allowed.
   */
  OIDC_REDIRECT_ORIGINS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const origins = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const origin of origins) {
        const problem = originProblem(origin);
        if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(origin)}: ${problem}` });
      }
      return origins.map((o) => (originProblem(o) ? o : normalizeOrigin(o)));
    }),
  /** Live chat provider for the portal; `none` in the sandbox. */
  LIVE_CHAT_PROVIDER: z.enum(['none', 'console']).default('none'),
  /** Run the plan and membership billing timer (on by default). */
  BILLING_TIMER: z.enum(['on', 'off']).default('on'),
  /** Run the practice system's connector, which posts payments a few seconds after they happen (on by default). */
  PRACTICE_SYSTEM_CONNECTOR: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  /** The front end's first-view renderer (a module); defaults to the build's dist/ssr/first-views.js. */
  CHAIRSIDE_FIRST_VIEWS: z.string().optional(),
  /** The patient's pages' renderer (a module); defaults to the build's dist/ssr/patient-page.js. */
  CHAIRSIDE_PATIENT_PAGE: z.string().optional(),
  /** The built front end (its public/ folder is served); defaults to dist. */
  CHAIRSIDE_DIST_DIR: z.string().optional(),
});

export type ServerConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.CARD_PROVIDER_URL && !e.CARD_PROVIDER_SECRET) {
    throw new Error(
      'Invalid server configuration: CARD_PROVIDER_SECRET: needed with CARD_PROVIDER_URL (the secret of that provider)',
    );
  }
  const root = path.resolve(import.meta.dirname, '..');
  return {
    root,
    port: e.PORT,
    host: e.HOST,
    /** Set after listen when PORT is 0. */
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(root, e.CHAIRSIDE_DATA_DIR ?? '.data/pglite'),
    cardProviderPort: e.CARD_PROVIDER_PORT,
    cardProviderPublicUrl: e.CARD_PROVIDER_PUBLIC_URL?.replace(/\/$/, ''),
    /** Fastify's trustProxy: the proxies' addresses, or how many there are; undefined: none. */
    trustProxy: e.TRUST_PROXY,
    cardProviderScriptUrl: e.CARD_PROVIDER_SCRIPT_URL,
    cardProviderUrl: e.CARD_PROVIDER_URL?.replace(/\/$/, ''),
    cardProviderSecret: e.CARD_PROVIDER_SECRET,
    oidcAuthority: e.OIDC_AUTHORITY?.replace(/\/$/, ''),
    oidcClientId: e.OIDC_CLIENT_ID,
    redirectOrigins: e.OIDC_REDIRECT_ORIGINS,
    liveChatProvider: e.LIVE_CHAT_PROVIDER,
    billingTimer: e.BILLING_TIMER === 'on',
    connector: e.PRACTICE_SYSTEM_CONNECTOR === 'on',
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve(root, e.CHAIRSIDE_DIST_DIR ?? 'dist'),
    firstViewsModule: path.resolve(root, e.CHAIRSIDE_FIRST_VIEWS ?? 'dist/ssr/first-views.js'),
    patientPageModule: path.resolve(root, e.CHAIRSIDE_PATIENT_PAGE ?? 'dist/ssr/patient-page.js'),
  };
}
