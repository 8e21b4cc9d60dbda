import { describe, expect, it } from 'vitest';
import { callbackState, returnAddress, withoutCallbackParams } from './callbackUrl.js';

describe('the sign-in response in the address', () => {
  it.each([
    ['https://a.example.com/p?code=c&state=s', 's'],
    ['https://a.example.com/p?error=access_denied&state=s', 's'],
    ['https://a.example.com/p?state=s', null],
    ['https://a.example.com/p?code=c', null],
    ['https://a.example.com/p', null],
  ])('%s → state %s', (href, state) => {
    expect(callbackState(href)).toBe(state);
  });

  it('removes only the parameters the provider added', () => {
    expect(
      withoutCallbackParams(
        'https://a.example.com/p?patient=4&code=c&state=s&iss=https%3A%2F%2Fid&session_state=x#/notes',
      ),
    ).toBe('https://a.example.com/p?patient=4#/notes');
    expect(withoutCallbackParams('https://a.example.com/p?error=e&error_description=d&state=s')).toBe(
      'https://a.example.com/p',
    );
  });

  it('returns to the page that started sign-in, on this origin only', () => {
    const callback = 'https://a.example.com/p?code=c&state=s';
    expect(returnAddress({ returnTo: 'https://a.example.com/p?patient=4#/x' }, callback)).toBe(
      'https://a.example.com/p?patient=4#/x',
    );
    expect(returnAddress({ returnTo: 'https://evil.example.net/' }, callback)).toBe(
      'https://a.example.com/p',
    );
    expect(returnAddress(undefined, callback)).toBe('https://a.example.com/p');
    expect(returnAddress({ returnTo: 'not a url' }, callback)).toBe('https://a.example.com/p');
  });
});
