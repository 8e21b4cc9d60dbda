import { describe, expect, it } from 'vitest';
import { csvField, csvLine, decimal, exportCells, type ExportedTransaction } from './exportCsv.js';

describe('csvField (RFC 4180 and spreadsheet formulas)', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['Smith, John', '"Smith, John"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1 512', "'+1 512"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
  ])('%j → %j', (value, encoded) => {
    expect(csvField(value)).toBe(encoded);
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });
});

describe('decimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123456, '1234.56'],
    [-250, '-2.50'],
  ])('%i cents → %s', (cents, text) => expect(decimal(cents)).toBe(text));
});

describe('exportCells', () => {
  const base: ExportedTransaction = {
    created: new Date(2025, 2, 5, 14, 7, 9),
    referenceId: 'R47NVR-1A2B-C3D4-E5F6#1042',
    customerId: null,
    firstName: null,
    lastName: null,
    source: 'TERMINAL',
    terminalDescription: 'Front Desk',
    fundingSource: 'CHECK',
    cardType: null,
    cardDescription: null,
    orderAmount: 10_000,
    surchargeAmount: 0,
    amount: 10_000,
    status: 'APPROVED',
    practiceManagementStatus: 0,
  };

  it('writes the columns people see, with the spec’s words', () => {
    expect(exportCells(base, null)).toEqual([
      '03/05/2025 02:07:09 PM',
      'R47NVR',
      'Unassociated Patient',
      'Terminal (Front Desk)',
      'Check #1042',
      '100.00',
      '0.00',
      '100.00',
      'Approved',
      '',
      'Pending',
    ]);
    const card = {
      ...base,
      customerId: 7,
      firstName: 'Multiple',
      lastName: 'Customers',
      source: 'INSURANCE',
      fundingSource: 'CARD',
      cardType: 'AMERICAN_EXPRESS',
      cardDescription: '•••• 0005',
      surchargeAmount: 300,
      amount: 10_300,
      practiceManagementStatus: 2,
    };
    expect(exportCells(card, { type: 'VOIDED', amount: 10_300 })).toEqual([
      '03/05/2025 02:07:09 PM',
      'R47NVR',
      'Multiple Patients',
      'Insurance Reimbursement',
      'American Express •••• 0005',
      '100.00',
      '3.00',
      '103.00',
      'Approved',
      'Voided 103.00',
      'Posted',
    ]);
  });
});
