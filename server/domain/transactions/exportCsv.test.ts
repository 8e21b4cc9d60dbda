import { describe, expect, it } from 'vitest';
import type { ListedTransaction } from '../../../embed-sdk/format/transactions.js';
import { csvField, csvLine, exportColumns } from './exportCsv.js';

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

describe('exportColumns: the list’s columns, in its words', () => {
  const base: ListedTransaction = {
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
    refundVoidType: null,
    refundVoidAmount: null,
    removed: false,
    companyName: 'Bright Smiles Dental',
  };
  const { header, cells } = exportColumns({ companyWide: false });

  it('names the columns as the list does', () => {
    expect(header).toEqual([
      'Status',
      'Date',
      'Transaction ID',
      'Patient',
      'Source',
      'Payment Method',
      'Amount',
      'Surcharge',
      'Total',
      'Practice System',
    ]);
    expect(exportColumns({ companyWide: true }).header).toContain('Dentist');
  });

  it('says what the list says: an unassociated payment is not posted ("—"), not "Pending"', () => {
    expect(cells(base)).toEqual([
      'Approved',
      '03/05/2025 02:07:09 PM',
      'R47NVR',
      'Unassociated Patient',
      'Terminal (Front Desk)',
      'Check #1042',
      '$100.00',
      '$0.00',
      '$100.00',
      '—',
    ]);
    expect(cells({ ...base, status: 'DECLINED', customerId: 7, firstName: 'Ana', lastName: 'Diaz' })[9]).toBe(
      '—',
    );
    expect(cells({ ...base, customerId: 7, firstName: 'Ana', lastName: 'Diaz' })[9]).toBe('Pending');
  });

  it('says a partial refund is one, with what was given back', () => {
    const card: ListedTransaction = {
      ...base,
      customerId: 7,
      firstName: 'Multiple',
      lastName: 'Customers',
      source: 'INSURANCE',
      fundingSource: 'CARD',
      cardType: 'AMERICAN_EXPRESS',
      cardDescription: '•••• 0005',
      orderAmount: 11_785,
      surchargeAmount: 353,
      amount: 12_138,
      practiceManagementStatus: 2,
    };
    expect(cells({ ...card, refundVoidType: 'REFUNDED', refundVoidAmount: 2_060 })).toEqual([
      'Partly refunded -$20.60',
      '03/05/2025 02:07:09 PM',
      'R47NVR',
      'Multiple Patients',
      'Insurance Reimbursement',
      'American Express •••• 0005',
      '$117.85',
      '$3.53',
      '$121.38',
      'Posted',
    ]);
    expect(cells({ ...card, refundVoidType: 'REFUNDED', refundVoidAmount: 12_138 })[0]).toBe(
      'Refunded -$121.38',
    );
    expect(cells({ ...card, refundVoidType: 'VOIDED', refundVoidAmount: 12_138 })[0]).toBe('Voided -$121.38');
    expect(csvLine(cells({ ...card, refundVoidType: 'VOIDED', refundVoidAmount: 12_138 }))).toMatch(
      /^Voided -\$121\.38,/,
    );
  });
});
