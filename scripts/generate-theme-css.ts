/** Writes widgets/runtime/themeCss.ts from the theme objects (`npx tsx scripts/generate-theme-css.ts`). */
import fs from 'node:fs';
import path from 'node:path';
import { themeCssSource } from '../widgets/runtime/themeCssSource.js';

const file = path.resolve(import.meta.dirname, '../widgets/runtime/themeCss.ts');
fs.writeFileSync(file, themeCssSource());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
