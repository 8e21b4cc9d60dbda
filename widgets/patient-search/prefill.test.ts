import { describe, expect, it } from 'vitest';
import { prefillFromTerm } from './prefill.js';

const empty = { firstName: '', lastName: '', email: '', cell: '' };

describe('prefillFromTerm', () => {
  it.each([
    ['maria', { ...empty, firstName: 'Maria' }],
    ['  Maria  ', { ...empty, firstName: 'Maria' }],
    ["o'brien", { ...empty, firstName: "O'brien" }],
    ['maria garcia', { ...empty, firstName: 'Maria', lastName: 'Garcia' }],
    ['Anne-Marie Smith-Jones', { ...empty, firstName: 'Anne-Marie', lastName: 'Smith-Jones' }],
    ['José Núñez', { ...empty, firstName: 'José', lastName: 'Núñez' }],
    ['Maria.Garcia@Example.com', { ...empty, email: 'maria.garcia@example.com' }],
    ['5125550142', { ...empty, cell: '5125550142' }],
    ['512-555-0142', { ...empty, cell: '5125550142' }],
    ['512.555.0142', { ...empty, cell: '5125550142' }],
  ])('%j prefills %j', (term, expected) => {
    expect(prefillFromTerm(term)).toEqual(expected);
  });

  it.each([
    'maria de la garcia',
    'maria2',
    '1001',
    '512-5550142',
    '(512) 555-0142',
    'maria@',
    '',
    'garcia, maria',
  ])('%j prefills nothing', (term) => {
    expect(prefillFromTerm(term)).toEqual(empty);
  });
});
