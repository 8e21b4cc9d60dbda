/**
 * The generated element declarations compile, on their own, in a host project's React 19 TSX: the
 * tags, their attributes, typed event listeners (with the detail types copied in) and `on<event>`
 * props. Wrong attribute values and wrong detail fields are errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../widgets/definitions.js';
import { writeElementTypes } from './element-types.js';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-types-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function compile(usage: string): string[] {
  writeElementTypes(dir, widgetDefinitions);
  const file = path.join(dir, 'usage.tsx');
  fs.writeFileSync(file, usage);
  const program = ts.createProgram([file, path.join(dir, 'chairside-elements.d.ts')], {
    strict: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    typeRoots: [path.join(root, 'node_modules', '@types')],
    baseUrl: root,
    paths: { react: [path.join(root, 'node_modules', '@types', 'react')] },
    // Our declarations are checked too (React's own are not our business).
    skipLibCheck: false,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || !d.file.fileName.includes('node_modules'))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const USAGE = `
import './chairside-elements';
const search = document.createElement('chairside-patient-search');
search.term = '1001';
search.addEventListener('patient-selected', (event) => {
  const key: number = event.detail.key;
  const first: string = event.detail.firstName;
  console.log(key, first);
});
const cards = document.querySelector('chairside-stored-cards');
cards?.addEventListener('card-selected', (event) => console.log(event.detail.card?.id));
export const view = (
  <>
    <chairside-patient-search term="okafor" allow-add="false" onpatient-selected={(e) => console.log(e.detail.id)} />
    <chairside-stored-cards customer-id="11" mode="3" />
  </>
);
`;

// Type-checking React's declarations takes seconds, more on a busy machine.
describe('the generated element declarations', { timeout: 120_000 }, () => {
  it('compile in a host project and type the events and attributes', () => {
    expect(compile(USAGE)).toEqual([]);
  });

  it('reject a wrong attribute value and a detail field that does not exist', () => {
    const errors = compile(
      `${USAGE}\nexport const bad = <chairside-stored-cards customer-id="11" mode="4" />;\n` +
        `search.addEventListener('patient-selected', (event) => console.log(event.detail.nope));\n`,
    );
    expect(errors.some((e) => e.includes('"4"'))).toBe(true);
    expect(errors.some((e) => e.includes("'nope'"))).toBe(true);
  });
});
