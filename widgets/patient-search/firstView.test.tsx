/**
 * The patient search's server-rendered first view is the widget's own view: rendered by the server
 * path (widgets/firstViews.ts, data through the SDK) and by the widget in the browser from the same
 * answers, the markup is the same apart from React's generated ids. That is what makes the
 * hand-over invisible.
 */
import { render, waitFor } from '@testing-library/react';
import { createDOMRenderer } from '@griffel/react';
import { createStore } from 'jotai';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { parseInitOptions } from '../../embed-sdk/config.js';
import { createEventBus, type ChairsideEventMap } from '../../embed-sdk/events.js';
import { createSdk } from '../../embed-sdk/sdk.js';
import { renderFirstView } from '../firstViews.js';
import { WidgetFrame } from '../runtime/ElementRoot.js';
import { SdkContext } from '../runtime/SdkContext.js';
import { PatientSearch } from './PatientSearch.js';
import { BRIGHT_SMILES, CHIDI, MARIA, ok, patient } from './testing/fixtures.js';

const API = 'https://api.example.com';
const GRACE = patient({ key: 1007, firstName: 'Grace', lastName: 'Okafor', email: 'grace@example.org' });

/** An unsigned access token with the claims the widget reads (the API verifies real ones). */
const token = [
  'e30',
  Buffer.from(
    JSON.stringify({ sub: '2', is_admin: false, practices: [{ id: 1, roles: ['EDITPAYMENTREQUESTS'] }] }),
  ).toString('base64url'),
  'sig',
].join('.');

const calls: string[] = [];
const fetchApi: typeof fetch = async (input) => {
  const url = new URL(String(input));
  calls.push(url.pathname + url.search);
  const answers: Record<string, unknown> = {
    // With what the caller may do there, as the server says it for the token's person.
    '/api/company/current': { ...BRIGHT_SMILES, you: { isAdmin: false, roles: ['EDITPAYMENTREQUESTS'] } },
    '/api/patient/searchPatient': {
      patients: [CHIDI, GRACE, MARIA].filter((p) => /okafor/i.test(p.lastName)),
    },
  };
  const value = answers[url.pathname];
  return value === undefined
    ? new Response('{}', { status: 404 })
    : new Response(JSON.stringify(ok(value)), { headers: { 'content-type': 'application/json' } });
};

/**
 * An element tree as text, for comparing two renders: attributes sorted, without React's generated
 * ids (and the attributes that point at them), text nodes joined, comments left out.
 */
const GENERATED = /^(id|for|aria-controls|aria-labelledby|aria-describedby|aria-activedescendant|aria-owns)$/;
function canonical(node: Element): string {
  const attributes = [...node.attributes]
    .filter((a) => !GENERATED.test(a.name) && a.name !== 'value')
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  let inner = '';
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
    else if (child.nodeType === Node.ELEMENT_NODE) {
      inner += (text ? JSON.stringify(text) : '') + canonical(child as Element);
      text = '';
    }
  }
  inner += text ? JSON.stringify(text) : '';
  return `<${node.tagName.toLowerCase()} ${attributes}>${inner}</>`;
}

/** The first view of a search for "okafor", from the fake API's answers. */
const renderOkafor = () =>
  renderFirstView({
    tag: 'chairside-patient-search',
    attributes: { term: 'okafor' },
    theme: 'light',
    token,
    apiBaseUrl: API,
    fetch: fetchApi,
  });

describe('the patient search’s first view', () => {
  // Its styles are checked where the server renders it (tests/api/first-view.test.ts): in a DOM,
  // Griffel inserts CSS in insertion effects, which a server render does not run.
  it('is rendered with the caller’s results, from the calls the widget itself makes', async () => {
    const html = await renderOkafor();
    expect(html).toMatch(/^<div class="chairside-first-view" aria-busy="true"><style>/);
    expect(html).toContain('data-state="results.complete" data-testid="patient-search-popup"');
    expect(html).toContain('Chidi');
    expect(html).toContain('Grace');
    expect(html).not.toContain('Maria');
    expect(calls).toEqual(['/api/company/current', '/api/patient/searchPatient?name=okafor']);
  });

  it('has no first view without a term, or for an unknown tag', async () => {
    const request = { theme: 'light' as const, token, apiBaseUrl: API, fetch: fetchApi };
    expect(
      await renderFirstView({ ...request, tag: 'chairside-patient-search', attributes: { term: ' ' } }),
    ).toBeNull();
    expect(
      await renderFirstView({ ...request, tag: 'chairside-nothing', attributes: { term: 'x' } }),
    ).toBeNull();
  });

  it('matches what the widget renders in the browser from the same answers', async () => {
    const server = await renderOkafor();
    const serverRoot = document.createElement('div');
    serverRoot.innerHTML = server!;
    const serverView = serverRoot.querySelector('.chairside-root')!;

    const sdk = await createSdk(
      parseInitOptions({
        apiBaseUrl: API,
        auth: { mode: 'token', getToken: () => token },
        hubUrl: API,
        cardProviderScriptUrl: API,
      }),
      { fetch: fetchApi, pageHref: undefined, loadRealtime: () => Promise.reject(new Error('none')) },
      createEventBus<ChairsideEventMap>(),
    );
    const portal = document.createElement('div');
    document.body.append(portal);
    const { container } = render(
      <WidgetFrame
        renderer={createDOMRenderer(document)}
        portalNode={portal}
        store={createStore()}
        host={{ element: null, instanceId: 'test' }}
        tag="chairside-patient-search"
      >
        <SWRConfig value={{ provider: () => new Map() }}>
          <SdkContext.Provider value={sdk}>
            <PatientSearch term="okafor" />
          </SdkContext.Provider>
        </SWRConfig>
      </WidgetFrame>,
    );
    await waitFor(() => {
      expect(container.querySelector('[data-state="results.complete"] [role="option"]')).not.toBeNull();
      expect(container.textContent).toContain('F2 to edit');
    });
    expect(canonical(container.firstElementChild!)).toBe(canonical(serverView.firstElementChild!));
    // The input shows the term in both (a property in the browser, an attribute from the server).
    expect(serverView.querySelector('input')!.getAttribute('value')).toBe('okafor');
    expect(container.querySelector('input')!.value).toBe('okafor');
  });
});
