/**
 * A keyboard user's first stop: straight to the screen, past the top bar and the sidebar. A button,
 * not an in-page link: with hash routes, "#main" would be taken for a route.
 */
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  skip: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    ':focus-visible': {
      top: tokens.spacingVerticalS,
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
    },
  },
});

export function SkipToContent({ target = 'main-content' }: { target?: string }) {
  const styles = useStyles();
  return (
    <button type="button" className={styles.skip} onClick={() => document.getElementById(target)?.focus()}>
      Skip to main content
    </button>
  );
}
