import { describe, expect, it } from 'vitest';
import { classesIn, pruneCss } from './pruneCss.js';

const used = new Set(['a', 'b', 'r1']);

describe('pruneCss', () => {
  it('keeps the rules whose classes the markup has, with their states and pseudo-elements', () => {
    const css = '.a{color:red;}.a:hover{color:blue;}.r1::after{content:"{x}";}.a>.b{margin:0;}';
    expect(pruneCss(css, used)).toBe(css);
  });

  it('drops a rule that needs a class the markup lacks', () => {
    expect(pruneCss('.a{color:red;}.zz{color:blue;}.a .zz{margin:0;}', used)).toBe('.a{color:red;}');
  });

  it('keeps a selector list when one alternative can match', () => {
    expect(pruneCss('.zz,.b{color:red;}', used)).toBe('.zz,.b{color:red;}');
    expect(pruneCss('.zz,.yy{color:red;}', used)).toBe('');
  });

  it('does not require classes inside :not(), :is() or attribute values', () => {
    const css = '.a:not(.zz){color:red;}.b:is(.zz,.yy) span{x:y;}.a[data-x=".zz"]{x:y;}';
    expect(pruneCss(css, used)).toBe(css);
  });

  it('prunes inside @media and drops an emptied block; keeps @keyframes as they are', () => {
    const css =
      '@media (forced-colors: active){.a{color:GrayText;}.zz{color:red;}}@media screen{.zz{x:y;}}@keyframes spin{to{transform:rotate(1turn);}}';
    expect(pruneCss(css, used)).toBe(
      '@media (forced-colors: active){.a{color:GrayText;}}@keyframes spin{to{transform:rotate(1turn);}}',
    );
  });

  it('reads the classes of a fragment', () => {
    expect([...classesIn('<div class="a  b"><span class="r1"></span><i data-class="no"></i></div>')]).toEqual(
      ['a', 'b', 'r1'],
    );
  });
});
