/**
 * A report's headline figures, as a row of tiles above its chart: each a label, its value and a line
 * under it, and, where a list can show the records behind it, a link to that list. Also the styles
 * the reports' bodies share (their tiles, their chart's frame, a panel's title and a note); their
 * tables are ReportTable.tsx.
 */
import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** A money chart's axis ticks, short enough for its margin: "$0", "$12K", "$1.5M" (values in dollars). */
export const AXIS_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * A chart's series colours, in turn (theme palette tokens: CSS variables, so the dark theme recolours
 * the charts too).
 */
export const SERIES_COLORS = [
  tokens.colorPaletteBlueBorderActive,
  tokens.colorPaletteDarkOrangeBorderActive,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteGrapeBorderActive,
  tokens.colorPaletteMarigoldBorderActive,
  tokens.colorPaletteLightGreenBorderActive,
  tokens.colorPaletteBerryBorderActive,
  tokens.colorPaletteSteelBorderActive,
  tokens.colorPaletteLavenderBorderActive,
  tokens.colorPaletteSeafoamBorderActive,
];

export const useReportBodyStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    '@media print': { boxShadow: 'none', border: `1px solid ${tokens.colorNeutralStroke2}` },
  },
  tileLabel: { color: tokens.colorNeutralForeground2 },
  tileValue: {
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  tileDetail: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  /** A chart: at most ~300 px, so the report prints on one page. */
  chart: { maxHeight: '300px', overflow: 'hidden' },
  panelTitle: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  note: { color: tokens.colorNeutralForeground3 },
});

export interface FigureTile {
  key: string;
  label: string;
  value: string;
  detail?: ReactNode;
  /** The list of the records behind it, filtered the same way; none when no list can show them. */
  href?: string | null;
}

export function FigureTiles({ tiles, label }: { tiles: readonly FigureTile[]; label: string }) {
  const styles = useReportBodyStyles();
  return (
    <div className={styles.tiles} role="list" aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.key} className={styles.tile} role="listitem" data-figure={tile.key}>
          <Text className={styles.tileLabel}>{tile.label}</Text>
          {tile.href ? (
            <Link href={tile.href} className={styles.tileValue} aria-label={`${tile.label}: ${tile.value}`}>
              {tile.value}
            </Link>
          ) : (
            <Text className={styles.tileValue}>{tile.value}</Text>
          )}
          {tile.detail ? <Text className={styles.tileDetail}>{tile.detail}</Text> : null}
        </div>
      ))}
    </div>
  );
}

/** Whether the request names clinics: the lists the figures open have no clinic filter. */
export function byClinics(request: { clinicNums?: readonly number[] }): boolean {
  return (request.clinicNums?.length ?? 0) > 0;
}

export const CLINIC_LINKS_NOTE =
  'The lists behind these figures cannot be filtered by clinic: choose All clinics to open them.';
