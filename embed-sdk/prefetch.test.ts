import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_TTL_MS, prefetch, prefetchUrl, takePrefetched, withPrefetched } from './prefetch.js';

const URL_A = 'https://api.example.com/api/company/current';

function answering(body: string) {
  return vi.fn(async () => new Response(body, { status: 200 }));
}

afterEach(() => {
  vi.useRealTimers();
  // Drain anything a test left behind.
  for (const token of [null, 'T1', 'T2'])
    takePrefetched(URL_A, { headers: token ? { authorization: `Bearer ${token}` } : {} });
});

describe('prefetchUrl', () => {
  const rule = {
    path: '/api/patient/searchPatient',
    query: { name: 'term', clinicNum: 'clinic-num' },
    requires: ['term'],
  };

  it('builds the URL the API client would, leaving empty attributes out', () => {
    expect(prefetchUrl('https://api.example.com/', rule, { term: ' Chidi Okafor ' })).toBe(
      'https://api.example.com/api/patient/searchPatient?name=Chidi+Okafor',
    );
    expect(prefetchUrl('https://api.example.com', rule, { term: 'a@b.c', 'clinic-num': '2' })).toBe(
      'https://api.example.com/api/patient/searchPatient?name=a%40b.c&clinicNum=2',
    );
  });

  it('is null when a required attribute is empty', () => {
    expect(prefetchUrl('https://api.example.com', rule, { term: '  ' })).toBeNull();
    expect(prefetchUrl('https://api.example.com', rule, {})).toBeNull();
  });
});

describe('an early request', () => {
  it('answers the same GET with the same token once, without a second fetch', async () => {
    const early = answering('early');
    prefetch(URL_A, 'T1', early);
    prefetch(URL_A, 'T1', early); // the same request twice is sent once
    expect(early).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledWith(URL_A, {
      headers: { accept: 'application/json', authorization: 'Bearer T1' },
      credentials: 'include',
    });
    const later = answering('later');
    const fetchLike = withPrefetched(later);
    const init = { method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer T1' } };
    expect(await (await fetchLike(URL_A, init)).text()).toBe('early');
    expect(await (await fetchLike(URL_A, init)).text()).toBe('later');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, a POST or another URL', async () => {
    prefetch(URL_A, 'T1', answering('early'));
    expect(takePrefetched(`${URL_A}?x=1`, { headers: { authorization: 'Bearer T1' } })).toBeNull();
    expect(
      takePrefetched(URL_A, { method: 'POST', body: '{}', headers: { authorization: 'Bearer T1' } }),
    ).toBeNull();
    expect(takePrefetched(URL_A, { headers: { authorization: 'Bearer T2' } })).toBeNull();
    // The mismatched take used it up: nothing is left for anyone.
    expect(takePrefetched(URL_A, { headers: { authorization: 'Bearer T1' } })).toBeNull();
  });

  it('is dropped when it waited too long', async () => {
    vi.useFakeTimers();
    prefetch(URL_A, null, answering('early'));
    vi.advanceTimersByTime(PREFETCH_TTL_MS);
    const later = answering('later');
    expect(await (await withPrefetched(later)(URL_A, {})).text()).toBe('later');
  });

  it('that failed is made again, and its failure is never unhandled', async () => {
    prefetch(
      URL_A,
      null,
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const later = answering('later');
    expect(
      await (await withPrefetched(later)(URL_A, { headers: { accept: 'application/json' } })).text(),
    ).toBe('later');
    expect(later).toHaveBeenCalledTimes(1);
  });
});
