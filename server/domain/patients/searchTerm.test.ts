import { describe, expect, it } from 'vitest';
import { likePrefix, parseSearchTerm } from './searchTerm.js';

describe('parseSearchTerm', () => {
  it.each([
    ['garc', { kind: 'name', prefix: 'garc' }],
    ['  GARCIA ', { kind: 'name', prefix: 'garcia' }],
    ['Maria Garcia', { kind: 'fullName', first: 'maria', last: 'garcia' }],
    ['maria  de la cruz', { kind: 'fullName', first: 'maria', last: 'de la cruz' }],
    ['Garcia, Maria', { kind: 'fullName', first: 'maria', last: 'garcia' }],
    ['maria.garcia@ex', { kind: 'email', prefix: 'maria.garcia@ex' }],
    ['1001', { kind: 'number', patNum: 1001, digits: '1001' }],
    ['512-555-0142', { kind: 'phone', digits: '5125550142' }],
    ['(512) 555.0142', { kind: 'phone', digits: '5125550142' }],
    ['+1 512 555 0142', { kind: 'phone', digits: '5125550142' }],
    ['5125550142', { kind: 'phone', digits: '5125550142' }],
    ['512 555', { kind: 'phone', digits: '512555' }],
  ])('reads %j', (input, expected) => {
    expect(parseSearchTerm(input)).toEqual(expected);
  });
});

describe('likePrefix', () => {
  it.each([
    ['smi', 'smi%'],
    ['50%', '50\\%%'],
    ['a_b', 'a\\_b%'],
    ['back\\slash', 'back\\\\slash%'],
  ])('escapes %j', (input, expected) => {
    expect(likePrefix(input)).toBe(expected);
  });
});
