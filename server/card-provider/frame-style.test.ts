import { describe, expect, it } from 'vitest';
import { frameStyleDeclarations, parseStyleParam } from './frame-style.js';

describe('frameStyleDeclarations', () => {
  it('turns accepted options into CSS custom properties', () => {
    expect(
      frameStyleDeclarations({
        fontFamily: '"Segoe UI", sans-serif',
        fontSize: '13px',
        color: '#242424',
        borderColor: 'rgb(209, 209, 209)',
        focusColor: 'teal',
        borderRadius: '0.25rem',
      }),
    ).toEqual([
      '--font-family: "Segoe UI", sans-serif',
      '--font-size: 13px',
      '--text: #242424',
      '--border: rgb(209, 209, 209)',
      '--focus: teal',
      '--radius: 0.25rem',
    ]);
  });

  it.each([
    [{ color: 'red; background: url(https://evil.example/x)' }],
    [{ color: '#fff}body{display:none' }],
    [{ backgroundColor: 'url(https://evil.example/x)' }],
    [{ fontFamily: '"Segoe UI' }],
    [{ fontFamily: 'x</style><script>alert(1)</script>' }],
    [{ fontSize: '12px !important' }],
    [{ fontSize: 'calc(100vh)' }],
    [{ borderRadius: 4 }],
    [{ unknownOption: '#fff' }],
    [['#fff']],
    ['color: red'],
    [null],
  ])('drops %j', (style) => {
    expect(frameStyleDeclarations(style)).toEqual([]);
  });

  it('reads the URL parameter as JSON and ignores a broken one', () => {
    expect(parseStyleParam('{"color":"#000"}')).toEqual({ color: '#000' });
    expect(parseStyleParam('{color')).toBeUndefined();
    expect(parseStyleParam(undefined)).toBeUndefined();
  });
});
