/**
 * The identity provider's account screens: forgot password, set a password from a link (a reset or
 * an invitation), and the signed-in person's profile (name and password). Server-rendered HTML with
 * no script, in the sign-in page's look (pages.ts); every value is escaped.
 */
import type { FieldProblem } from './accountRules.js';
import { PASSWORD_RULES } from './accountRules.js';
import { escapeHtml } from '../html.js';
import { page } from './pages.js';
import type { PasswordLinkKind } from './passwordLinks.js';

/** A field with its label, and its problem (described by it, and marked invalid) when it has one. */
function field(opts: {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  problem?: FieldProblem | null;
  /** A sentence between the label and the input (the rules a value must meet). */
  hint?: string;
  autofocus?: boolean;
}) {
  const errorId = `${opts.name}-error`;
  const problem = opts.problem?.field === opts.name ? opts.problem.message : null;
  const hintId = `${opts.name}-hint`;
  const describedBy = [problem ? errorId : null, opts.hint ? hintId : null].filter(Boolean).join(' ');
  return `<label for="${opts.name}">${escapeHtml(opts.label)}</label>${
    opts.hint ? `\n<p class="rules" id="${hintId}">${escapeHtml(opts.hint)}</p>` : ''
  }
<input id="${opts.name}" name="${opts.name}" type="${opts.type}" autocomplete="${opts.autocomplete}" required${
    opts.value !== undefined ? ` value="${escapeHtml(opts.value)}"` : ''
  }${describedBy ? ` aria-describedby="${describedBy}"` : ''}${problem ? ' aria-invalid="true"' : ''}${
    opts.autofocus ? ' autofocus' : ''
  }>${problem ? `<p class="field-error" id="${errorId}">${escapeHtml(problem)}</p>` : ''}`;
}

const alert = (message: string | null | undefined) =>
  message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';
const notice = (message: string | null | undefined) =>
  message ? `<div class="notice" role="status">${escapeHtml(message)}</div>` : '';

/** The two new-password fields, the rules stated under the first one's label. */
function newPasswordFields(problem: FieldProblem | null | undefined, label = 'New password') {
  return `${field({ name: 'password', label, type: 'password', autocomplete: 'new-password', problem, hint: PASSWORD_RULES })}
${field({ name: 'confirmation', label: 'Confirm the new password', type: 'password', autocomplete: 'new-password', problem })}`;
}

export function forgotPasswordPage(opts: {
  action: string;
  email?: string;
  /** The request was taken: the same words whether or not the address has an account. */
  sent?: boolean;
  error?: string;
  signInHref: string;
}) {
  const body = opts.sent
    ? `<h1>Check your e-mail</h1>
${notice(`If ${opts.email ?? 'that address'} belongs to a Chairside account, we have sent it a link to set a new password. The link works once, for one hour.`)}
<p class="lead">No e-mail after a few minutes? Check the spam folder, or ask again.</p>`
    : `<h1>Forgot your password?</h1>
<p class="lead">Enter the e-mail address you sign in with. We will send you a link to set a new password.</p>
${alert(opts.error)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: opts.email ?? '', autofocus: true })}
<button type="submit">Send the link</button>
</form>`;
  return page(
    'Forgot password',
    `${body}
<p class="links"><a href="${escapeHtml(opts.signInHref)}">Back to sign in</a></p>`,
  );
}

const LINK_TITLES: Record<PasswordLinkKind, { title: string; lead: string; button: string }> = {
  RESET: { title: 'Set a new password', lead: 'for', button: 'Set the password' },
  INVITE: {
    title: 'Welcome to Chairside',
    lead: 'Set the password you will sign in with as',
    button: 'Set my password',
  },
};

export function setPasswordPage(opts: {
  action: string;
  kind: PasswordLinkKind;
  email: string;
  problem?: FieldProblem | null;
}) {
  const t = LINK_TITLES[opts.kind];
  const lead =
    opts.kind === 'RESET'
      ? `Choose a new password for <strong>${escapeHtml(opts.email)}</strong>.`
      : `${escapeHtml(t.lead)} <strong>${escapeHtml(opts.email)}</strong>.`;
  return page(
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="lead">${lead}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(opts.email)}">
${newPasswordFields(opts.problem)}
<button type="submit">${escapeHtml(t.button)}</button>
</form>`,
  );
}

export function passwordSetPage(opts: { signInHref: string; continues: boolean }) {
  return page(
    'Password set',
    `<h1>Your password is set</h1>
${notice('You can now sign in with your e-mail address and the new password.')}
<p class="links"><a href="${escapeHtml(opts.signInHref)}">${opts.continues ? 'Continue signing in' : 'Sign in to Chairside'}</a></p>`,
  );
}

const LINK_PROBLEMS: Record<
  'USED' | 'EXPIRED' | 'UNKNOWN',
  { title: string; detail: (kind?: PasswordLinkKind) => string }
> = {
  USED: {
    title: 'This link was already used',
    detail: (kind) =>
      kind === 'INVITE'
        ? 'Your password was set with it. Sign in with it, or use "Forgot your password?" on the sign-in page.'
        : 'A password was set with it. Sign in with your password, or ask for a new link from the sign-in page.',
  },
  EXPIRED: {
    title: 'This link has expired',
    detail: (kind) =>
      kind === 'INVITE'
        ? 'Invitations work for 7 days. Ask your practice’s administrator to invite you again, or use "Forgot your password?" on the sign-in page.'
        : 'Links to set a new password work for one hour. Ask for a new one from the sign-in page.',
  },
  UNKNOWN: {
    title: 'This link does not work',
    detail: () =>
      'Check that the whole link from the e-mail was opened. You can ask for a new one from the sign-in page.',
  },
};

export function linkProblemPage(
  status: 'USED' | 'EXPIRED' | 'UNKNOWN',
  kind: PasswordLinkKind | undefined,
  signInHref: string,
) {
  const problem = LINK_PROBLEMS[status];
  return page(
    problem.title,
    `<h1>${escapeHtml(problem.title)}</h1>
${alert(problem.detail(kind))}
<p class="links"><a href="${escapeHtml(signInHref)}">Go to sign in</a></p>`,
  );
}

export interface ProfileView {
  email: string;
  firstName: string;
  lastName: string;
  /** Proves a form came from this page (the person's session), not from another site. */
  csrf: string;
  appHref: string;
  saved?: 'name' | 'password';
  nameProblem?: FieldProblem | null;
  passwordProblem?: FieldProblem | null;
}

export function profilePage(v: ProfileView) {
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(v.csrf)}">`;
  return page(
    'My Profile',
    `<h1>My Profile</h1>
<p class="lead">Signed in as <strong>${escapeHtml(v.email)}</strong>.</p>
${v.saved === 'name' ? notice('Your name was saved. Chairside shows it from your next sign-in or page load.') : ''}
${v.saved === 'password' ? notice('Your password was changed. Use it the next time you sign in.') : ''}
<section aria-labelledby="name-heading">
<h2 id="name-heading">Your name</h2>
<form method="post" action="/account/profile/name" novalidate>
${csrf}
${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: v.firstName, problem: v.nameProblem })}
${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: v.lastName, problem: v.nameProblem })}
<button type="submit">Save name</button>
</form>
</section>
<section aria-labelledby="password-heading">
<h2 id="password-heading">Change password</h2>
<form method="post" action="/account/profile/password" novalidate>
${csrf}
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(v.email)}">
${field({ name: 'currentPassword', label: 'Current password', type: 'password', autocomplete: 'current-password', problem: v.passwordProblem })}
${newPasswordFields(v.passwordProblem)}
<button type="submit">Change password</button>
</form>
</section>
<p class="links"><a href="${escapeHtml(v.appHref)}">Back to Chairside</a></p>`,
  );
}

export function notSignedInPage(appHref: string) {
  return page(
    'My Profile',
    `<h1>My Profile</h1>
${alert('You are not signed in. Sign in to Chairside, then open My Profile from the user menu.')}
<p class="links"><a href="${escapeHtml(appHref)}">Sign in to Chairside</a></p>`,
  );
}
