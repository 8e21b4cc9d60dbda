/**
 * The identity provider's own pages: sign-in, sign-out and errors. Server-rendered HTML with no
 * script (but the sign-out page's one line), so they work before any of the front end has loaded.
 * Every value is escaped. Their Content-Security-Policy allows the stylesheet and that script by
 * their hashes (server/http/securityHeaders.ts), so both are exported exactly as they are sent.
 */
import { escapeHtml } from '../html.js';

export const IDENTITY_PAGE_STYLES = `
:root{color-scheme:light dark;--brand:#0b6a73;--brand-hover:#095a62;--fg:#242424;--muted:#616161;--bg:#f3f5f7;--card:#fff;--border:#d1d1d1;--danger-bg:#fdf3f4;--danger-fg:#b10e1c;--on-brand:#fff;--danger-border:#eeacb2;--ok-bg:#f1faf1;--ok-fg:#0e700e;--ok-border:#9fd89f}
@media (prefers-color-scheme:dark){:root{--brand:#3fb3bd;--on-brand:#0b1d1f;--brand-hover:#5cc4cc;--fg:#f0f0f0;--muted:#adadad;--bg:#1b1c1e;--card:#292a2d;--border:#4a4a4a;--danger-bg:#3b1d20;--danger-fg:#ff99a4;--danger-border:#7a2a33;--ok-bg:#1a2e1a;--ok-fg:#9fd89f;--ok-border:#2f5d2f}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:14px/20px "Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif}
main{margin:24px 0;width:min(380px,calc(100vw - 32px));background:var(--card);border:1px solid var(--border);border-radius:8px;padding:32px;box-shadow:0 8px 24px rgba(0,0,0,.08)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:24px;font-weight:600;font-size:18px}
.brand svg{flex:none}
h1{font-size:20px;line-height:28px;margin:0 0 4px;font-weight:600}
p.lead{margin:0 0 20px;color:var(--muted)}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;height:36px;padding:0 10px;border:1px solid var(--border);border-bottom-color:var(--muted);border-radius:4px;background:var(--card);color:var(--fg);font:inherit}
input:focus{outline:2px solid var(--brand);outline-offset:-1px}
button{margin-top:24px;width:100%;height:36px;border:0;border-radius:4px;background:var(--brand);color:var(--on-brand);font:inherit;font-weight:600;cursor:pointer}
button:hover{background:var(--brand-hover)}
button:focus-visible{outline:2px solid var(--fg);outline-offset:2px}
.alert{margin:0 0 8px;padding:10px 12px;border:1px solid var(--danger-border);border-radius:4px;background:var(--danger-bg);color:var(--danger-fg)}
.hint{margin-top:20px;color:var(--muted);font-size:12px;line-height:16px}
.notice{margin:0 0 8px;padding:10px 12px;border:1px solid var(--ok-border);border-radius:4px;background:var(--ok-bg);color:var(--ok-fg)}
a{color:var(--brand)}
.links{margin-top:16px;text-align:center}
.field-error{margin:6px 0 0;color:var(--danger-fg)}
.rules{margin:0 0 6px;color:var(--muted);font-size:12px;line-height:16px}
h2{font-size:16px;line-height:22px;margin:28px 0 0;font-weight:600}
section+section{border-top:1px solid var(--border);margin-top:28px}
button.secondary{background:transparent;color:var(--brand);border:1px solid var(--border)}
code{font-family:Consolas,monospace}
`;

const logo = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0b6a73"/><path d="M10 9c2.2-1.4 4.2-.4 6 .6 1.8-1 3.8-2 6-.6 2.6 1.7 2 6.2.6 9.4-.9 2.2-1.2 5.8-3 5.8-1.6 0-1.5-4.4-3.6-4.4s-2 4.4-3.6 4.4c-1.8 0-2.1-3.6-3-5.8C8 15.2 7.4 10.7 10 9Z" fill="#fff"/></svg>`;

/** A page of the identity provider: its look, its logo, the title, and a body whose values are escaped. */
export function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Chairside</title>
<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(logo.replace(' aria-hidden="true"', ' xmlns="http://www.w3.org/2000/svg"'))}">
<style>${IDENTITY_PAGE_STYLES}</style>
</head>
<body>
<main>
<div class="brand">${logo}<span>Chairside</span></div>
${body}
</main>
</body>
</html>`;
}

export function loginPage(opts: {
  action: string;
  email?: string;
  error?: string;
  showDemoHint: boolean;
  /** The forgot-password page for this sign-in. */
  forgotHref?: string;
  /** A success to confirm above the form (a password just set). */
  notice?: string;
}) {
  const error = opts.error
    ? `<div class="alert" role="alert" id="signin-error">${escapeHtml(opts.error)}</div>`
    : opts.notice
      ? `<div class="notice" role="status">${escapeHtml(opts.notice)}</div>`
      : '';
  const forgot = opts.forgotHref
    ? `<p class="links"><a href="${escapeHtml(opts.forgotHref)}">Forgot your password?</a></p>`
    : '';
  const hint = opts.showDemoHint
    ? `<p class="hint">Sandbox: sign in as <code>admin@chairside.test</code>, <code>frontdesk@chairside.test</code> or <code>viewer@chairside.test</code>, password <code>demo</code>.</p>`
    : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Patient payments for your practice.</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email)}"${opts.error ? ' aria-describedby="signin-error" aria-invalid="true"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
${forgot}
${hint}`,
  );
}

/** Submits oidc-provider's sign-out form at once. */
export const LOGOUT_PAGE_SCRIPT =
  "document.forms[0].requestSubmit ? document.forms[0].requestSubmit(document.querySelector('button[name=logout]')) : document.forms[0].submit()";

export function logoutPage(form: string) {
  // oidc-provider hands us its logout form; we submit it at once (and offer the button without script).
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
<p class="lead">You are being signed out of Chairside.</p>
${form.replace('<form', '<form data-auto')}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script>${LOGOUT_PAGE_SCRIPT}</script>`,
  );
}

export function signedOutPage() {
  return page('Signed out', `<h1>You are signed out</h1><p class="lead">You can close this window.</p>`);
}

export function errorPage(title: string, detail: string) {
  return page(
    'Something went wrong',
    `<h1>${escapeHtml(title)}</h1><div class="alert" role="alert">${escapeHtml(detail)}</div>`,
  );
}
