/** The pasted list of a bulk send: the forms a line may take, and each refusal with its line number. */
import { describe, expect, it } from 'vitest';
import { MAX_BULK_PATIENTS, parseBulkRequestList, problemText } from './bulkRequestList.js';

describe('parseBulkRequestList: accepted lines', () => {
  it.each([
    ['a comma', '1043, 125.00', 1043, 12_500],
    ['a comma, no space', '1043,125.00', 1043, 12_500],
    ['a comma and thousands commas', '1043, 1,250.00', 1043, 125_000],
    ['a semicolon', '1043;125.5', 1043, 12_550],
    ['a tab (spreadsheet columns)', '1043\t125', 1043, 12_500],
    ['spaces', '1043   125.00', 1043, 12_500],
    ['a dollar sign', '1043, $125.00', 1043, 12_500],
    ['a dollar sign and a space', '1043, $ 99.99', 1043, 9_999],
    ['surrounding blanks', '   1043 ,  125.00   ', 1043, 12_500],
    ['one cent', '7, 0.01', 7, 1],
  ])('%s: %j', (_form, text, patNum, amount) => {
    expect(parseBulkRequestList(text)).toEqual({ lines: [{ line: 1, patNum, amount }], problems: [] });
  });

  it('skips blank lines and a first line without digits (a header), and numbers lines as pasted', () => {
    const text = 'PatNum, Amount\r\n1043, 125.00\n\n  \n2001, 80\r\n';
    expect(parseBulkRequestList(text)).toEqual({
      lines: [
        { line: 2, patNum: 1043, amount: 12_500 },
        { line: 5, patNum: 2001, amount: 8_000 },
      ],
      problems: [],
    });
  });

  it('reads an empty text as no patients', () => {
    expect(parseBulkRequestList(' \n\n')).toEqual({ lines: [], problems: [] });
  });
});

describe('parseBulkRequestList: refused lines, by line number with the reason', () => {
  it.each([
    ['a patient number alone', '1043', 'It needs a patient number and an amount, e.g. "1043, 125.00".'],
    ['an empty amount', '1043,', 'It needs a patient number and an amount, e.g. "1043, 125.00".'],
    [
      'a name for a number',
      '1043, 10\nSmith, 125.00',
      '"Smith" is not a patient number (a whole number, e.g. 1043).',
    ],
    [
      'a decimal patient number',
      '10.5, 125.00',
      '"10.5" is not a patient number (a whole number, e.g. 1043).',
    ],
    ['patient number 0', '0, 125.00', '"0" is not a patient number (a whole number, e.g. 1043).'],
    ['three decimals', '1043, 12.345', '"12.345" is not an amount in dollars and cents (e.g. 125.00).'],
    ['a negative amount', '1043, -5.00', '"-5.00" is not an amount in dollars and cents (e.g. 125.00).'],
    ['words for an amount', '1043, lots', '"lots" is not an amount in dollars and cents (e.g. 125.00).'],
    ['a zero amount', '1043, 0.00', 'The amount must be greater than zero.'],
    ['a too large amount', '1043, 1000000.00', 'The amount must be at most $999,999.99.'],
  ])('%s', (_what, text, reason) => {
    const { problems } = parseBulkRequestList(text);
    const line = text.split('\n').length;
    expect(problems).toEqual([{ line, reason }]);
  });

  it('refuses a patient listed twice, naming the first line, and keeps the first', () => {
    const parsed = parseBulkRequestList('1043, 10\n2001, 20\n1043, 30');
    expect(parsed.lines.map((l) => l.patNum)).toEqual([1043, 2001]);
    expect(parsed.problems).toEqual([{ line: 3, reason: 'Patient 1043 is listed already, on line 1.' }]);
  });

  it('reports every bad line, not only the first, and keeps the good ones', () => {
    const parsed = parseBulkRequestList('1043, 10\nx\n2001, 20\n3001, abc');
    expect(parsed.lines).toHaveLength(2);
    expect(parsed.problems.map(problemText)).toEqual([
      'Line 2: It needs a patient number and an amount, e.g. "1043, 125.00".',
      'Line 4: "abc" is not an amount in dollars and cents (e.g. 125.00).',
    ]);
  });

  it(`refuses a list of more than ${MAX_BULK_PATIENTS} patients at the first line too many`, () => {
    const text = Array.from({ length: MAX_BULK_PATIENTS + 1 }, (_, i) => `${i + 1}, 1.00`).join('\n');
    expect(parseBulkRequestList(text).problems).toEqual([
      { line: MAX_BULK_PATIENTS + 1, reason: 'A bulk send may list at most 2,000 patients.' },
    ]);
  });
});
