import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeCssSource } from './themeCssSource.js';

describe('themeCss.ts', () => {
  it('is generated from the current themes (run: npx tsx scripts/generate-theme-css.ts)', () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, 'themeCss.ts'), 'utf8');
    expect(file).toBe(themeCssSource());
  });
});
