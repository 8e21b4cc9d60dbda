/**
 * The admin layout's festive light string (spec part 1, section 2): shown within 31 days before
 * 25 December. Decoration only: hidden from assistive technology, still for reduced motion.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { isFestiveSeason } from './festive.js';

const COLOURS = ['#e8453c', '#f4b400', '#0f9d58', '#4285f4', '#ab47bc'];
const BULBS = 28;

const useStyles = makeStyles({
  string: {
    display: 'block',
    width: '100%',
    height: '26px',
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  bulb: {
    animationName: { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } },
    animationDuration: '2.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'ease-in-out',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
});

export function FestiveLights() {
  const styles = useStyles();
  if (!isFestiveSeason(new Date())) return null;
  const step = 1000 / BULBS;
  return (
    <svg
      className={styles.string}
      viewBox="0 0 1000 26"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-testid="festive-lights"
    >
      <path
        d={`M0 4 ${Array.from({ length: BULBS }, (_, i) => `Q ${i * step + step / 2} 14 ${(i + 1) * step} 4`).join(' ')}`}
        fill="none"
        stroke={tokens.colorNeutralStroke1}
        strokeWidth="1.5"
      />
      {Array.from({ length: BULBS }, (_, i) => (
        <ellipse
          key={i}
          className={styles.bulb}
          style={{ animationDelay: `${(i % 5) * 0.35}s` }}
          cx={i * step + step / 2}
          cy="16"
          rx="4"
          ry="6"
          fill={COLOURS[i % COLOURS.length]}
        />
      ))}
    </svg>
  );
}
