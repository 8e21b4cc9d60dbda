/**
 * A period's collections by source or by payment method, as the charts and their tables show them:
 * labelled, coloured with the theme's palette tokens (CSS variables, so the dark theme recolours the
 * charts too; a source keeps its colour whatever the period), largest net first as the server sends
 * them.
 */
import { tokens } from '@fluentui/react-components';
import type { Collections, PaymentMethod, PeriodCollections } from '../../embed-sdk/contract/dashboard.js';
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import { METHOD_LABELS, SOURCE_LABELS } from './labels.js';

export interface BreakdownRow extends Collections {
  key: string;
  label: string;
  /** A theme colour token (a CSS variable). */
  color: string;
}

const SOURCE_COLORS: Record<TransactionSource, string> = {
  TERMINAL: tokens.colorPaletteBlueBorderActive,
  VIRTUALTERMINAL: tokens.colorPaletteTealBorderActive,
  TEXTTOPAY: tokens.colorPaletteMarigoldBorderActive,
  PAYMENTPAGE: tokens.colorPaletteGrapeBorderActive,
  MEMBERSHIP: tokens.colorPaletteBerryBorderActive,
  PAYMENTPLAN: tokens.colorPaletteLightGreenBorderActive,
  INSURANCE: tokens.colorPaletteSteelBorderActive,
};

const METHOD_COLORS: Record<PaymentMethod, string> = {
  VISA: tokens.colorPaletteBlueBorderActive,
  MASTERCARD: tokens.colorPaletteDarkOrangeBorderActive,
  AMERICAN_EXPRESS: tokens.colorPaletteTealBorderActive,
  DISCOVER: tokens.colorPalettePeachBorderActive,
  DINERS_CLUB: tokens.colorPaletteLavenderBorderActive,
  JCB: tokens.colorPaletteSeafoamBorderActive,
  CARD: tokens.colorPaletteSteelBorderActive,
  CASH: tokens.colorPaletteLightGreenBorderActive,
  CHECK: tokens.colorPaletteGrapeBorderActive,
};

export function sourceRows(period: PeriodCollections): BreakdownRow[] {
  return period.bySource.map(({ source, ...figures }) => ({
    ...figures,
    key: source,
    label: SOURCE_LABELS[source],
    color: SOURCE_COLORS[source],
  }));
}

export function methodRows(period: PeriodCollections): BreakdownRow[] {
  return period.byMethod.map(({ method, ...figures }) => ({
    ...figures,
    key: method,
    label: METHOD_LABELS[method],
    color: METHOD_COLORS[method],
  }));
}

/** What a chart can draw: shares of what was kept. A source with only refunds stays in the table. */
export function chartable(rows: BreakdownRow[]): BreakdownRow[] {
  return rows.filter((r) => r.net > 0);
}

export function hasCollections(period: PeriodCollections): boolean {
  return period.totals.count > 0 || period.totals.refunded > 0;
}
