/**
 * The results of one clinic. Its heading labels the group, except when the practice has one clinic
 * and it is Headquarters (the spec hides the heading then, and the options stand alone).
 */
import { useId, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ClinicGroup as Group } from './grouping.js';

const useStyles = makeStyles({
  heading: {
    display: 'block',
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalL,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
  },
});

export function ClinicGroup<P>({ group, children }: { group: Group<P>; children: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  if (!group.showHeading) return <>{children}</>;
  return (
    <div role="group" aria-labelledby={headingId}>
      <div role="presentation" id={headingId} className={styles.heading}>
        {group.clinic}
      </div>
      {children}
    </div>
  );
}
