/**
 * The identity provider's account screens, beside its sign-in pages (/interaction/…):
 *
 *   /account/forgot            forgot password: a one-time link by e-mail (the sandbox outbox)
 *   /account/password/{token}  set a password from that link, or from an invitation
 *   /account/profile           the signed-in person's name and password (My Profile)
 *
 * The profile knows the person by the provider's own session cookie (oidc-provider's session): the
 * same sign-in the portal's tokens came from. Its forms carry a token derived from that session, so a
 * form posted from another site changes nothing (the cookie is also SameSite=Lax).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { passwordLinks, users } from '../db/schema/index.js';
import { authenticate, findAccount } from './accounts.js';
import {
  forgotPasswordPage,
  linkProblemPage,
  notSignedInPage,
  passwordSetPage,
  profilePage,
  setPasswordPage,
  type ProfileView,
} from './accountPages.js';
import { nameProblem, newPasswordProblem, type FieldProblem } from './accountRules.js';
import { errorPage } from './pages.js';
import { hashPassword } from './passwords.js';
import {
  findPasswordLink,
  PASSWORD_LINK_PATH,
  requestPasswordReset,
  setPasswordThroughLink,
} from './passwordLinks.js';

export const PROFILE_PATH = '/account/profile';
const FORGOT_PATH = '/account/forgot';

export interface AccountRoutesOptions {
  db: Db;
  provider: Provider;
  publicUrl: string;
  /** A secret of the provider's (its cookie key): the profile forms' tokens are derived from it. */
  formSecret: string;
}

type Form = Record<string, unknown>;
const text = (form: Form, name: string) => (typeof form[name] === 'string' ? form[name] : '');

/** An interaction id from a query (a sign-in in progress to go back to), or undefined. */
function interactionId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * Pages that carry a secret in their address or show a person's details: not cached, no referrer.
 * A form shown again with its problem answers 200, as the sign-in page does: the page says what is
 * wrong, and the browser's console stays quiet.
 */
function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

export function accountRoutes(opts: AccountRoutesOptions) {
  const { db, provider, publicUrl } = opts;
  const appHref = `${publicUrl}/`;

  /** The sign-in page of a sign-in still in progress, or the application (which starts one). */
  async function signInHref(uid: string | undefined, notice?: 'password-set') {
    if (uid && (await provider.Interaction.find(uid))) {
      return `/interaction/${uid}${notice ? `?notice=${notice}` : ''}`;
    }
    return appHref;
  }

  async function signedInAccount(req: FastifyRequest, reply: FastifyReply) {
    const session = await provider.Session.get({ req: req.raw, res: reply.raw } as never);
    if (!session?.accountId) return null;
    const account = await findAccount(db, Number(session.accountId));
    if (!account) return null;
    const csrf = createHmac('sha256', opts.formSecret)
      .update(`profile:${account.id}:${session.uid}`)
      .digest('base64url');
    return { account, csrf };
  }

  function sameToken(given: string, expected: string) {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async function showProfile(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: Partial<ProfileView> = {},
  ) {
    const signedIn = await signedInAccount(req, reply);
    if (!signedIn) return html(reply, 401, notSignedInPage(appHref));
    const { account, csrf } = signedIn;
    return html(
      reply,
      status,
      profilePage({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        csrf,
        appHref,
        ...extra,
      }),
    );
  }

  /** The signed-in person behind a profile form, when the form's token is theirs; else the answer. */
  async function profileFormSender(req: FastifyRequest, reply: FastifyReply) {
    const signedIn = await signedInAccount(req, reply);
    if (!signedIn) {
      await html(reply, 401, notSignedInPage(appHref));
      return null;
    }
    if (!sameToken(text((req.body ?? {}) as Form, 'csrf'), signedIn.csrf)) {
      await html(
        reply,
        403,
        errorPage('This form has expired', 'Nothing was changed. Open My Profile again and try once more.'),
      );
      return null;
    }
    return signedIn.account;
  }

  return async (scope: FastifyInstance) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.setErrorHandler((error, req, reply) => {
      req.log.error({ err: error }, 'An account page failed.');
      return html(reply, 500, errorPage('Something went wrong', 'Nothing was changed. Please try again.'));
    });

    // ── Forgot password ────────────────────────────────────────────────────────────────────────

    scope.get(FORGOT_PATH, async (req, reply) => {
      const uid = interactionId((req.query as Form).continue);
      return html(
        reply,
        200,
        forgotPasswordPage({
          action: uid ? `${FORGOT_PATH}?continue=${uid}` : FORGOT_PATH,
          signInHref: await signInHref(uid),
        }),
      );
    });

    scope.post(FORGOT_PATH, async (req, reply) => {
      const uid = interactionId((req.query as Form).continue);
      const email = text((req.body ?? {}) as Form, 'email').trim();
      const action = uid ? `${FORGOT_PATH}?continue=${uid}` : FORGOT_PATH;
      const back = await signInHref(uid);
      const error = !email
        ? 'Enter the e-mail address you sign in with.'
        : email.length > 254 || !z.email().safeParse(email).success
          ? 'Enter an e-mail address, like name@practice.com.'
          : null;
      if (error) return html(reply, 200, forgotPasswordPage({ action, email, error, signInHref: back }));
      await requestPasswordReset(db, email, { publicUrl, now: new Date(), continueSignIn: uid });
      return html(reply, 200, forgotPasswordPage({ action, email, sent: true, signInHref: back }));
    });

    // ── Set a password from a link (reset or invitation) ─────────────────────────────────────────

    scope.get(`${PASSWORD_LINK_PATH}/:token`, async (req, reply) => {
      const { token } = req.params as { token: string };
      const uid = interactionId((req.query as Form).continue);
      const link = await findPasswordLink(db, token, new Date());
      if (link.status !== 'OPEN') {
        return html(
          reply,
          link.status === 'UNKNOWN' ? 404 : 410,
          linkProblemPage(link.status, 'kind' in link ? link.kind : undefined, await signInHref(uid)),
        );
      }
      return html(reply, 200, setPasswordPage({ action: req.url, kind: link.kind, email: link.user.email }));
    });

    scope.post(`${PASSWORD_LINK_PATH}/:token`, async (req, reply) => {
      const { token } = req.params as { token: string };
      const uid = interactionId((req.query as Form).continue);
      const form = (req.body ?? {}) as Form;
      const now = new Date();
      const link = await findPasswordLink(db, token, now);
      if (link.status !== 'OPEN') {
        return html(
          reply,
          link.status === 'UNKNOWN' ? 404 : 410,
          linkProblemPage(link.status, 'kind' in link ? link.kind : undefined, await signInHref(uid)),
        );
      }
      const password = text(form, 'password');
      const problem = newPasswordProblem(password, text(form, 'confirmation'));
      if (problem) {
        return html(
          reply,
          200,
          setPasswordPage({ action: req.url, kind: link.kind, email: link.user.email, problem }),
        );
      }
      if (!(await setPasswordThroughLink(db, link.id, password, now))) {
        const current = await findPasswordLink(db, token, new Date());
        const status = current.status === 'OPEN' ? 'USED' : current.status;
        return html(reply, 410, linkProblemPage(status, link.kind, await signInHref(uid)));
      }
      return html(
        reply,
        200,
        passwordSetPage({ signInHref: await signInHref(uid, 'password-set'), continues: uid !== undefined }),
      );
    });

    // ── My Profile ──────────────────────────────────────────────────────────────────────────────

    scope.get(PROFILE_PATH, async (req, reply) => {
      const saved = (req.query as Form).saved;
      return showProfile(req, reply, 200, {
        saved: saved === 'name' || saved === 'password' ? saved : undefined,
      });
    });

    scope.post(`${PROFILE_PATH}/name`, async (req, reply) => {
      const account = await profileFormSender(req, reply);
      if (!account) return reply;
      const form = (req.body ?? {}) as Form;
      const firstName = text(form, 'firstName').trim();
      const lastName = text(form, 'lastName').trim();
      const problem = nameProblem(firstName, lastName);
      if (problem) return showProfile(req, reply, 200, { firstName, lastName, nameProblem: problem });
      await db.update(users).set({ firstName, lastName }).where(eq(users.id, account.id));
      return reply.redirect(`${PROFILE_PATH}?saved=name`, 303);
    });

    scope.post(`${PROFILE_PATH}/password`, async (req, reply) => {
      const account = await profileFormSender(req, reply);
      if (!account) return reply;
      const form = (req.body ?? {}) as Form;
      const current = text(form, 'currentPassword');
      const password = text(form, 'password');
      let problem: FieldProblem | null = null;
      if (!current) problem = { field: 'currentPassword', message: 'Enter your current password.' };
      else if ((await authenticate(db, account.email, current)) !== account.id) {
        problem = { field: 'currentPassword', message: 'The current password is incorrect.' };
      } else problem = newPasswordProblem(password, text(form, 'confirmation'));
      if (problem) return showProfile(req, reply, 200, { passwordProblem: problem });
      const hash = await hashPassword(password);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, account.id));
        // A reset link asked for before the change would undo it: it is used up.
        await tx
          .update(passwordLinks)
          .set({ usedAt: now })
          .where(and(eq(passwordLinks.userId, account.id), isNull(passwordLinks.usedAt)));
      });
      return reply.redirect(`${PROFILE_PATH}?saved=password`, 303);
    });
  };
}
