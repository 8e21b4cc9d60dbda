/**
 * The sandbox outbox as a page a person reads (GET /sandbox/outbox): the texts and e-mails the
 * sandbox "sent", newest first, each with its recipient, channel, body and link. A developer tool:
 * server-rendered, no script, every value escaped, and only http(s) links become anchors.
 */
import type { OutboxMessage } from '../../embed-sdk/contract/sandbox.js';
import { formatDateTime, formatPhone } from '../../embed-sdk/format/index.js';
import { escapeHtml } from '../identity/pages.js';

const styles = `
:root{color-scheme:light dark;--fg:#242424;--muted:#616161;--bg:#f3f5f7;--card:#fff;--border:#d1d1d1;--brand:#0b6a73}
@media (prefers-color-scheme:dark){:root{--fg:#f0f0f0;--muted:#adadad;--bg:#1b1c1e;--card:#292a2d;--border:#4a4a4a;--brand:#3fb3bd}}
body{margin:0;padding:24px;background:var(--bg);color:var(--fg);font:14px/20px "Segoe UI",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif}
h1{font-size:20px;line-height:28px;margin:0 0 4px;font-weight:600}
p.lead{margin:0 0 16px;color:var(--muted)}
table{width:100%;border-collapse:collapse;background:var(--card);border:1px solid var(--border)}
th,td{padding:8px 10px;border-bottom:1px solid var(--border);text-align:left;vertical-align:top}
th{font-weight:600;white-space:nowrap}
td.body{white-space:pre-wrap;overflow-wrap:anywhere;max-width:48ch}
td.when{white-space:nowrap;color:var(--muted)}
a{color:var(--brand);overflow-wrap:anywhere}
.channel{display:inline-block;padding:0 8px;border-radius:10px;border:1px solid var(--border);font-size:12px}
`;

function linkCell(link: string | null): string {
  if (!link) return '';
  if (!/^https?:\/\//i.test(link)) return escapeHtml(link);
  return `<a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a>`;
}

function row(m: OutboxMessage): string {
  const channel = m.channel === 'SMS' ? 'Text' : 'E-mail';
  const body = m.subject ? `Subject: ${m.subject}\n\n${m.body}` : m.body;
  return `<tr>
<td class="when">${escapeHtml(formatDateTime(m.created))}</td>
<td>${escapeHtml(m.practiceName ?? '')}</td>
<td><span class="channel">${escapeHtml(channel)}</span></td>
<td>${escapeHtml(m.channel === 'SMS' ? formatPhone(m.recipient) : m.recipient)}</td>
<td class="body">${escapeHtml(body)}</td>
<td>${linkCell(m.link)}</td>
</tr>`;
}

export function renderOutboxPage(messages: OutboxMessage[]): string {
  const rows =
    messages.length > 0
      ? messages.map(row).join('\n')
      : '<tr><td colspan="6">Nothing has been sent yet.</td></tr>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Chairside sandbox</title>
<style>${styles}</style>
</head>
<body>
<h1>Outbox</h1>
<p class="lead">Texts and e-mails the sandbox sent to patients, newest first. Nothing leaves this machine. <a href="">Refresh</a></p>
<table>
<thead><tr><th scope="col">Sent</th><th scope="col">Practice</th><th scope="col">Channel</th><th scope="col">Recipient</th><th scope="col">Message</th><th scope="col">Link</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>`;
}
