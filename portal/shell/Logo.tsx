/** Chairside's mark and name. Decorative text inside links carries the link's own label. */
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '-0.01em',
    whiteSpace: 'nowrap',
  },
  mark: { flexShrink: 0 },
  tag: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground3,
  },
});

export function Logo({ tag }: { tag?: string }) {
  const styles = useStyles();
  return (
    <span className={styles.root}>
      <svg className={styles.mark} width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <rect width="28" height="28" rx="7" fill={tokens.colorBrandBackground} />
        <path
          d="M9 8.5c1.6-.9 3.3-.6 5 .3 1.7-.9 3.4-1.2 5-.3 2 1.2 2.1 4 1.3 6.4-.6 1.8-1.1 3.4-1.5 5.1-.3 1.3-1.8 1.4-2.2.1l-.9-3c-.3-1-1.1-1-1.4 0l-.9 3c-.4 1.3-1.9 1.2-2.2-.1-.4-1.7-.9-3.3-1.5-5.1C6.9 12.5 7 9.7 9 8.5Z"
          fill={tokens.colorNeutralForegroundOnBrand}
        />
      </svg>
      Chairside
      {tag ? <span className={styles.tag}>{tag}</span> : null}
    </span>
  );
}
