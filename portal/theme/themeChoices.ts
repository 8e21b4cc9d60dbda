/** The themes a person can choose, with their labels: the Theme screen and the user menu offer the same. */
import type { ThemeName } from '../../embed-sdk/index.js';

export const THEME_CHOICES: readonly { value: ThemeName; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** A chosen value as a theme (anything else is light, as readTheme has it). */
export const asThemeName = (value: string | undefined): ThemeName => (value === 'dark' ? 'dark' : 'light');
