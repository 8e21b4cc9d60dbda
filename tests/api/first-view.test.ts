/**
 * POST /api/widget/firstView: the server renders a widget's first view with the caller's own data
 * (its calls go through the API's routes, with their practice and role checks), from the widgets'
 * own components: here from source, as the sandbox loads the build's copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  // The widgets ask from a partner's page, which the practices list among their embed origins.
  server = await startTestServer({
    CHAIRSIDE_FIRST_VIEWS: 'widgets/firstViews.ts',
    OIDC_REDIRECT_ORIGINS: 'https://partner.example',
  });
}, 60_000);
afterAll(() => server?.close());

/** As the loader asks: attributes in the query, the token form-encoded (no CORS preflight). */
async function firstView(query: string, token: string | null, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/widget/firstView?${query}`, {
    method: 'POST',
    headers: { origin: 'https://partner.example', ...headers },
    body: token === null ? new URLSearchParams() : new URLSearchParams({ access_token: token }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('a widget’s first view', () => {
  it('renders the patient search with the caller’s results and the CSS it needs', async () => {
    const res = await firstView(
      'tag=chairside-patient-search&term=okafor',
      await server.tokenFor('frontdesk'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(res.headers.get('server-timing')).toMatch(/^render;dur=[\d.]+, data;dur=[\d.]+$/);
    const html = res.text;
    expect(html).toMatch(/^<div class="chairside-first-view" aria-busy="true"><style>/);
    expect(html).toContain('data-state="results.complete" data-testid="patient-search-popup"');
    expect(html.match(/role="option"/g)).toHaveLength(2);
    expect(html).toContain('Grace');
    expect(html).toContain('Add Patient'); // Bright Smiles is an Open Dental practice that allows it
    // Plain style elements (the widget's own renderer must not take them as its own), holding only
    // rules for classes in the markup, with the theme's values in place of its variables.
    expect(html).not.toContain('data-make-styles');
    const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
    const classes = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ')));
    for (const rule of css.matchAll(/(?:^|})\.([\w-]+)[^{]*\{/g)) expect(classes).toContain(rule[1]);
    expect(css).toContain('{background-color:#ffffff;}'); // colorNeutralBackground1, light
    expect(css).not.toMatch(/var\(--color/);
    expect(css).not.toContain('--colorPaletteBerryBackground1:');
    expect(css).toContain('@media (forced-colors: active){.'); // the media rules, each in its query once
    expect(css).not.toMatch(/@media ([^{]+)\{@media \1\{/);
    expect(html.length).toBeLessThan(40_000);
  }, 60_000);

  it('takes the token from the Authorization header too, and follows the theme', async () => {
    const token = await server.tokenFor('frontdesk');
    const res = await firstView('tag=chairside-patient-search&term=okafor&theme=dark', null, {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('{background-color:#292929;}'); // colorNeutralBackground1, dark
  });

  it('answers 401 without a token and 404 when there is nothing to render ahead', async () => {
    const token = await server.tokenFor('frontdesk');
    expect((await firstView('tag=chairside-patient-search&term=okafor', null)).status).toBe(401);
    const none = await firstView('tag=chairside-patient-search', token);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.text).errors).toEqual([
      'A first view of <chairside-patient-search> for these attributes was not found.',
    ]);
    expect((await firstView('tag=chairside-stored-cards&customer-id=1', token)).status).toBe(404);
    const bad = await firstView('tag=chairside-patient-search&term=okafor&theme=blue', token);
    expect(bad.status).toBe(400);
  });

  it('keeps to the caller’s practice and role: a viewer of Cedar Family sees none of Bright Smiles', async () => {
    const viewer = await firstView(
      'tag=chairside-patient-search&term=okafor',
      await server.tokenWithTerms('viewer'),
    );
    expect(viewer.status).toBe(200);
    expect(viewer.text).toContain('data-state="results.complete"');
    expect(viewer.text).not.toContain('Grace'); // a Bright Smiles patient
    expect(viewer.text).not.toContain('Add Patient'); // a Dentrix practice, and a viewer
    expect(viewer.text).not.toContain('F2 to edit');
  });
});
