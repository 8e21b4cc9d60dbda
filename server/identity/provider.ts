/**
 * The sandbox's OpenID provider (oidc-provider) at /oidc, with the project's own sign-in page at
 * /interaction/:uid. The portal and the widgets are one public client (authorization code + PKCE,
 * refresh tokens); access tokens are JWTs for the API resource and carry roles, isAdmin and the
 * practices. Each practice-system integration is a confidential client of its practice (client
 * credentials), read from the database, whose tokens carry the roles the practice granted it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import middie from '@fastify/middie';
import { createLocalJWKSet, jwtVerify } from 'jose';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { TokenVerifier } from '../http/caller.js';
import { limitedSignIn } from '../limits/signIn.js';
import type { EmbedOrigins } from '../settings/embedOrigins.js';
import { secretMatches } from '../settings/integrations.js';
import { credentialsOwner, findAccount } from './accounts.js';
import { accountRoutes } from './accountRoutes.js';
import { createAdapterFactory, purgeExpired } from './adapter.js';
import { INTEGRATION_CLIENT_PROPERTIES, secretHashOf } from './integrationClients.js';
import { claimsFromPayload } from './claims.js';
import { loadOrCreateKeys, publicJwk, signedLinkKey } from './keys.js';
import { errorPage, loginPage, logoutPage, signedOutPage } from './pages.js';

export const PORTAL_CLIENT_ID = 'chairside-portal';
export const API_SCOPE = 'api';

export interface IdentityOptions {
  db: Db;
  /** The sandbox clock: sign-in blocks run by it. */
  clock: Pick<Clock, 'now'>;
  publicUrl: string;
  /**
   * The partners' origins the practices allow (settings/embedOrigins.ts): sign-in redirects of the
   * portal client may go there besides publicUrl itself.
   */
  partnerOrigins: Pick<EmbedOrigins, 'fresh' | 'isListed'>;
  /** Show the demo sign-ins under the form. */
  showDemoHint: boolean;
}

export interface Identity {
  issuer: string;
  audience: string;
  verifier: TokenVerifier;
  provider: Provider;
  /** The key that signs the server's short-lived links (keys.ts `signedLinkKey`). */
  linkKey: Buffer;
  mount(app: FastifyInstance): Promise<void>;
  close(): void;
}

export async function createIdentity(opts: IdentityOptions): Promise<Identity> {
  const { db, publicUrl } = opts;
  const issuer = `${publicUrl}/oidc`;
  const audience = `${publicUrl}/api`;
  const keys = await loadOrCreateKeys(db);
  const portalOrigin = new URL(publicUrl).origin;
  const isAllowedRedirect = (uri: string) => {
    try {
      const { origin } = new URL(uri);
      return origin === portalOrigin || opts.partnerOrigins.isListed(origin);
    } catch {
      return false;
    }
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(db, API_SCOPE),
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/`],
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
    ],
    // The practices' integrations are clients too, loaded from the database as they call
    // (adapter.ts, integrationClients.ts).
    extraClientMetadata: { properties: [...INTEGRATION_CLIENT_PROPERTIES] },
    jwks: { keys: keys.signing as never },
    cookies: { keys: keys.cookies, long: { signed: true }, short: { signed: true } },
    scopes: ['openid', 'offline_access', 'email', 'profile', API_SCOPE],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'phone_number', 'is_admin', 'practices'],
    },
    // The portal reads the practices and roles from the ID token.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findAccount(db, Number(sub));
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            name: `${account.firstName} ${account.lastName}`,
            given_name: account.firstName,
            family_name: account.lastName,
            phone_number: account.phone,
            is_admin: account.isAdmin,
            practices: account.practices,
          };
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: 10 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind === 'ClientCredentials') {
        const client = token.client as unknown as {
          chairside_practice_id?: number;
          chairside_roles?: string[];
        };
        if (!client?.chairside_practice_id) return undefined;
        return {
          chairside_service: true,
          practices: [{ id: client.chairside_practice_id, roles: client.chairside_roles ?? [] }],
        };
      }
      const accountId = (token as { accountId?: string }).accountId;
      if (!accountId) return undefined;
      const account = await findAccount(db, Number(accountId));
      if (!account) return undefined;
      return { email: account.email, is_admin: account.isAdmin, practices: account.practices };
    },
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    // Our clients are first-party: the grant covers what they ask for, without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addOIDCClaims(['email', 'name', 'given_name', 'family_name', 'is_admin', 'practices']);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      ClientCredentials: 10 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        'Sign-in could not continue',
        String(out.error_description ?? out.error ?? 'Unknown error'),
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // Sign-in redirects may go back to this server's own pages (portal, examples) and to the partners'
  // origins the practices allow. oidc-provider asks synchronously, so the list is read before each
  // of its requests (a cached copy, at most a couple of seconds old).
  provider.use(async (_ctx, next) => {
    await opts.partnerOrigins.fresh();
    await next();
  });
  const { Client } = provider;
  const original = Client.prototype.redirectUriAllowed;
  Client.prototype.redirectUriAllowed = function redirectUriAllowed(this: { clientId: string }, uri: string) {
    if (this.clientId === PORTAL_CLIENT_ID) return isAllowedRedirect(uri);
    return original.call(this, uri);
  };
  // An integration's secret is kept only as a hash: compare the secret presented with that.
  const originalCompare = Client.prototype.compareClientSecret;
  Client.prototype.compareClientSecret = function compare(this: object, actual: string) {
    const hash = secretHashOf(this);
    return hash === null ? originalCompare.call(this, actual) : secretMatches(actual, hash);
  };
  const originalLogout = Client.prototype.postLogoutRedirectUriAllowed;
  Client.prototype.postLogoutRedirectUriAllowed = function allowed(this: { clientId: string }, uri: string) {
    if (this.clientId === PORTAL_CLIENT_ID) return isAllowedRedirect(uri);
    return originalLogout.call(this, uri);
  };

  const jwks = createLocalJWKSet({ keys: keys.signing.map(publicJwk) });
  const verifier: TokenVerifier = {
    async verify(token) {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience, algorithms: ['RS256'] });
      return claimsFromPayload(payload);
    },
  };

  const purge = setInterval(() => void purgeExpired(db).catch(() => undefined), 10 * 60 * 1000);
  purge.unref();

  async function showInteraction(req: FastifyRequest, reply: FastifyReply, error?: string, email?: string) {
    const details = await provider.interactionDetails(req.raw, reply.raw);
    if (details.prompt.name === 'login') {
      const passwordSet = (req.query as { notice?: string } | undefined)?.notice === 'password-set';
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(
          loginPage({
            action: `/interaction/${details.uid}/login`,
            error,
            email,
            showDemoHint: opts.showDemoHint,
            forgotHref: `/account/forgot?continue=${details.uid}`,
            notice: passwordSet ? 'Your password is set. Sign in with it to go on.' : undefined,
          }),
        );
    }
    // Consent for a first-party client: grant what is missing and carry on.
    const { prompt, params, session, grantId } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant!.addResourceScope(indicator, scopes.join(' '));
    }
    const savedGrantId = await grant!.save();
    const to = await provider.interactionResult(
      req.raw,
      reply.raw,
      { consent: { grantId: savedGrantId } },
      { mergeWithLastSubmission: true },
    );
    return reply.redirect(to, 303);
  }

  return {
    issuer,
    audience,
    verifier,
    provider,
    linkKey: signedLinkKey(keys),
    close: () => clearInterval(purge),
    async mount(app) {
      await app.register(async (scope) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
        );
        scope.setErrorHandler((error, _req, reply) => {
          const expired = error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest;
          reply
            .status(expired ? 400 : 500)
            .type('text/html')
            .send(
              errorPage(
                'Sign-in could not continue',
                expired
                  ? 'This sign-in page has expired. Go back to the application and sign in again.'
                  : 'Something went wrong while signing in. Please try again.',
              ),
            );
        });
        scope.get('/interaction/:uid', (req, reply) => showInteraction(req, reply));
        scope.post('/interaction/:uid/login', async (req, reply) => {
          const form = (req.body ?? {}) as { email?: string; password?: string };
          const email = (form.email ?? '').trim();
          const password = form.password ?? '';
          if (!email || !password) {
            return showInteraction(req, reply, 'Enter your email and password.', email);
          }
          const outcome = await limitedSignIn({ db, clock: opts.clock }, { email, address: req.ip }, () =>
            credentialsOwner(db, email, password),
          );
          if (outcome.ok && outcome.value.disabled) {
            // Said only to someone who knows the password: nobody else learns the account exists.
            return showInteraction(req, reply, 'This account is disabled. Ask your administrator.', email);
          }
          if (!outcome.ok) {
            if (outcome.refused) reply.status(429);
            return showInteraction(
              req,
              reply,
              outcome.message ?? 'The email or password is incorrect.',
              email,
            );
          }
          const to = await provider.interactionResult(
            req.raw,
            reply.raw,
            { login: { accountId: String(outcome.value.id) } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(to, 303);
        });
      });
      await app.register(accountRoutes({ db, provider, publicUrl, formSecret: keys.cookies[0]! }));
      await app.register(middie);
      app.use('/oidc', provider.callback());
    },
  };
}
