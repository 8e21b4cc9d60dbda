/**
 * Chairside's Fluent themes: a teal brand ramp, light and dark. The portal passes these to
 * FluentProvider; widgets adopt the same themes as CSS generated ahead of time (themeCss.ts), so
 * they do not ship Fluent's colour palettes.
 */
import {
  createDarkTheme,
  createLightTheme,
  type BrandVariants,
  type Theme,
} from '@fluentui/react-components';
import type { ThemeName } from './theme.js';
export const chairsideBrand: BrandVariants = {
  10: '#03191c',
  20: '#04262a',
  30: '#063338',
  40: '#073f46',
  50: '#084c54',
  60: '#0a5961',
  70: '#0b656f',
  80: '#0b6a74',
  90: '#0e8390',
  100: '#11a0b0',
  110: '#2eaab8',
  120: '#3fc1cf',
  130: '#60cbd7',
  140: '#85d7e0',
  150: '#a9e3ea',
  160: '#ceeff3',
};

const dark = createDarkTheme(chairsideBrand);
export const themes: Record<ThemeName, Theme> = {
  light: createLightTheme(chairsideBrand),
  // Dark themes read brighter brand shades for foreground text and links.
  dark: { ...dark, colorBrandForeground1: chairsideBrand[110], colorBrandForeground2: chairsideBrand[120] },
};
