import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeDeclarations } from './theme.js';
import { fluentThemeDeclarations, themeCssSource } from './themeCssSource.js';

/** `--a: 1; --b: 2` → sorted ['--a: 1', '--b: 2'] (the order of custom properties does not matter). */
const declarations = (css: string) =>
  css
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .sort();

describe('themeCss.ts', () => {
  it('is generated from the current themes (run: npx tsx scripts/generate-theme-css.ts)', () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, 'themeCss.ts'), 'utf8');
    expect(file).toBe(themeCssSource());
  });

  it.each(['light', 'dark'] as const)('gives the %s theme exactly the variables Fluent writes', (theme) => {
    expect(declarations(themeDeclarations(theme))).toEqual(declarations(fluentThemeDeclarations(theme)));
  });
});
