import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMITS, tooDeepAt } from './jsonBody.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('tooDeepAt: the nesting of raw JSON text, counted without parsing it', () => {
  it.each([
    ['a flat object', '{"a":1,"b":[1,2]}', 2, null],
    ['exactly the limit', nested(3), 3, null],
    ['one past the limit', nested(4), 3, 3],
    ['objects and arrays alike', '{"a":{"b":[{"c":1}]}}', 3, 11],
    ['brackets inside strings do not count', '{"a":"[[[[{{{{"}', 1, null],
    ['an escaped quote does not end the string', '{"a":"\\"[[[["}', 1, null],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[[1]]}', 2, 15],
    ['closing brackets lower the depth again', '[[1]],[[2]]', 2, null],
    ['text that is not JSON is left to the parser', ']]]]', 1, null],
  ])('%s', (_name, text, max, at) => {
    expect(tooDeepAt(text, max)).toBe(at);
  });

  it("the issue's body: 20,000 nested arrays in 40 KB are refused at the limit, in one pass", () => {
    const text = `{"a":${nested(20_000)}}`;
    expect(tooDeepAt(text, JSON_BODY_LIMITS.depth)).toBe(5 + JSON_BODY_LIMITS.depth - 1);
  });
});
