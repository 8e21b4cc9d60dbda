import { describe, expect, it } from 'vitest';
import { emailList, isEmailList } from './email.js';

const MESSAGE = 'The e-mail is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.';

describe('emailList', () => {
  it.each([
    'pat@example.com',
    'pat.lee+billing@mail.example.co.uk',
    "o'neil@example.org",
    'pat@example.com,lee@example.com',
    'pat@example.com, lee@example.com',
    ' pat@example.com ,  lee@example.com , sam@example.net ',
  ])('accepts %j', (text) => {
    expect(isEmailList(text)).toBe(true);
    expect(emailList('e-mail').safeParse(text).success).toBe(true);
  });

  it.each([
    '',
    'pat',
    'pat@',
    '@example.com',
    'pat@example',
    'pat@@example.com',
    'pat lee@example.com',
    'pat@example.com;lee@example.com',
    'pat@example.com lee@example.com',
    'pat@example.com,',
    ',pat@example.com',
    'pat@example.com,,lee@example.com',
    'pat@example.com,lee',
  ])('rejects %j with the spec message, verbatim', (text) => {
    expect(isEmailList(text)).toBe(false);
    expect(
      emailList('e-mail')
        .safeParse(text)
        .error?.issues.map((i) => i.message),
    ).toEqual([MESSAGE]);
  });

  it('keeps the double space and the spelling of the spec', () => {
    expect(MESSAGE).toContain('address.  For');
    expect(MESSAGE).toContain('seperate');
  });

  it('lets an empty optional field pass ("if given")', () => {
    expect(emailList('e-mail', { optional: true }).safeParse('  ').success).toBe(true);
  });
});
