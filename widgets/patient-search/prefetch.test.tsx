/**
 * The loader's early requests for <chairside-patient-search> (its definition's `prefetch`) must be
 * exactly calls the widget makes on its first render, or they would be wasted: rendered against a
 * fake SDK, the widget's calls are turned into URLs the way the API client builds them.
 */
import { render, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../embed-sdk/api/url.js';
import { prefetchUrl } from '../../embed-sdk/prefetch.js';
import { SdkContext } from '../runtime/SdkContext.js';
import { patientSearchDefinition } from './definition.js';
import { PatientSearch } from './PatientSearch.js';
import { createFakeSdk } from './testing/fixtures.js';

const API = 'https://api.example.com';

async function firstRenderUrls(attributes: Record<string, string | undefined>) {
  const fake = createFakeSdk();
  const clinicNum = attributes['clinic-num'] ? Number(attributes['clinic-num']) : undefined;
  render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <JotaiProvider store={createStore()}>
            <PatientSearch term={attributes.term} clinicNum={clinicNum} />
          </JotaiProvider>
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  await waitFor(() => expect(fake.calls.length).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 50));
  return fake.calls.map((call) => buildUrl(API, call.path, call.query));
}

function prefetched(attributes: Record<string, string | undefined>) {
  return (patientSearchDefinition.prefetch ?? [])
    .map((rule) => prefetchUrl(API, rule, attributes))
    .filter((url) => url !== null);
}

describe('the patient search’s early requests', () => {
  it.each([[{ term: 'okafor' }], [{ term: '  Chidi Okafor ' }], [{ term: '1006', 'clinic-num': '2' }]])(
    'are the calls its first render makes (%o)',
    async (attributes) => {
      const urls = prefetched(attributes);
      expect(urls).toContain(`${API}/api/company/current`);
      expect(urls.some((url) => url.startsWith(`${API}/api/patient/searchPatient?name=`))).toBe(true);
      const made = await firstRenderUrls(attributes);
      for (const url of urls) expect(made).toContain(url);
    },
  );

  it('ask for no search without a term, and the widget makes none', async () => {
    const urls = prefetched({ term: '   ' });
    expect(urls).toEqual([`${API}/api/company/current`]);
    const made = await firstRenderUrls({ term: '   ' });
    expect(made).toContain(`${API}/api/company/current`);
    expect(made.some((url) => url.includes('/api/patient/searchPatient'))).toBe(false);
  });
});
