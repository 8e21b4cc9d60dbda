import { describe, expect, it } from 'vitest';
import { nameProblem, newPasswordProblem, PASSWORD_RULES } from './accountRules.js';

describe('a new password', () => {
  it('states its rules', () => {
    expect(PASSWORD_RULES).toBe(
      'At least 8 characters. A phrase of a few words is easy to remember and hard to guess.',
    );
  });

  it.each([
    ['empty', '', '', { field: 'password', message: 'Enter a new password.' }],
    [
      'only spaces',
      '         ',
      '         ',
      { field: 'password', message: 'The password cannot be only spaces.' },
    ],
    [
      '7 characters',
      'abcdefg',
      'abcdefg',
      { field: 'password', message: 'The password must be at least 8 characters long.' },
    ],
    ['8 characters', 'abcdefgh', 'abcdefgh', null],
    [
      '129 characters',
      'a'.repeat(129),
      'a'.repeat(129),
      { field: 'password', message: 'The password must be at most 128 characters long.' },
    ],
    ['128 characters', 'a'.repeat(128), 'a'.repeat(128), null],
    [
      'a different confirmation',
      'correct horse',
      'correct h0rse',
      { field: 'confirmation', message: 'The two passwords do not match.' },
    ],
  ])('%s', (_what, password, confirmation, problem) => {
    expect(newPasswordProblem(password, confirmation)).toEqual(problem);
  });
});

describe('a name', () => {
  it.each([
    ['both given', 'Dana', 'Front', null],
    ['no first name', '  ', 'Front', { field: 'firstName', message: 'The first name is required.' }],
    ['no last name', 'Dana', '', { field: 'lastName', message: 'The last name is required.' }],
    [
      'a first name of 61 characters',
      'a'.repeat(61),
      'Front',
      { field: 'firstName', message: 'The first name must be at most 60 characters long.' },
    ],
    [
      'a last name of 61 characters',
      'Dana',
      'b'.repeat(61),
      { field: 'lastName', message: 'The last name must be at most 60 characters long.' },
    ],
  ])('%s', (_what, first, last, problem) => {
    expect(nameProblem(first, last)).toEqual(problem);
  });
});
