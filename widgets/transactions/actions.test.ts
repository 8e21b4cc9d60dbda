/** The transaction menu's give-back rule for a payment recorded from the processor's file. */
import { describe, expect, it } from 'vitest';
import { IMPORTED_NOTE_LABEL } from '../../embed-sdk/rules/refundWindow.js';
import { asksSettlement, menuActions, type TransactionPermissions } from './actions.js';
import { tx } from './testing/fixtures.js';

const EVERYTHING: TransactionPermissions = {
  canRefund: true,
  canVoid: true,
  canEdit: true,
  canAllocate: true,
};

describe('an imported payment', () => {
  const imported = tx({
    id: 7,
    source: 'TERMINAL',
    customerId: null,
    customerKey: null,
    noteLabel: IMPORTED_NOTE_LABEL,
    canRefund: true,
  });

  it('offers no refund or void, settled or not, and asks no settlement', () => {
    expect(menuActions(imported, EVERYTHING, true)).toEqual(['details', 'associate', 'remove']);
    expect(menuActions(imported, EVERYTHING, false)).toEqual(['details', 'associate', 'remove']);
    expect(asksSettlement(imported)).toBe(false);
  });

  it('while the same payment charged through Chairside offers them', () => {
    const charged = { ...imported, noteLabel: null };
    expect(menuActions(charged, EVERYTHING, true)).toContain('refund');
    expect(menuActions(charged, EVERYTHING, false)).toContain('void');
    expect(asksSettlement(charged)).toBe(true);
  });
});
