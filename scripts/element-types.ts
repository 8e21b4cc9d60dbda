/**
 * Generates, from the widget definitions, what a host developer's tools read:
 * - chairside-elements.d.ts: HTMLElementTagNameMap, React 19 JSX.IntrinsicElements and typed
 *   event listeners for every <chairside-*> element;
 * - custom-elements.json: the Custom Elements Manifest (schema 2.1).
 * Event detail types are read with the TypeScript compiler from WidgetEventMap in
 * embed-sdk/events.ts, the one place they are declared.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  attributeNames,
  THEME_ATTRIBUTE,
  widgetEntry,
  type WidgetDefinition,
} from '../widgets/runtime/definition.js';

const root = path.resolve(import.meta.dirname, '..');

/** The detail types, and the source of every interface and type alias events.ts declares. */
export interface EventDetails {
  /** Event name → its detail's type, as written in WidgetEventMap (usually an interface's name). */
  types: Record<string, string>;
  /** Type name → its declaration's source text (without `export`). */
  declarations: Record<string, string>;
}

export function eventDetails(): EventDetails {
  const file = path.join(root, 'embed-sdk', 'events.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const declarations: Record<string, string> = {};
  program.getSourceFile(file)!.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      declarations[node.name.text] = node.getText(source).replace(/^export\s+/, '');
    } else if (ts.isImportDeclaration(node) && node.importClause?.namedBindings) {
      // A type events.ts imports (a contract enum such as CardType) is written out in full: the
      // declarations must stand alone in a host project.
      const bindings = node.importClause.namedBindings;
      if (!ts.isNamedImports(bindings)) return;
      for (const element of bindings.elements) {
        const symbol = checker.getSymbolAtLocation(element.name);
        if (!symbol) continue;
        const type = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(symbol));
        const text = checker.typeToString(
          type,
          undefined,
          ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias,
        );
        if (/^\w+$/.test(text)) continue; // not expandable (an interface or a value): left out
        declarations[element.name.text] = `type ${element.name.text} = ${text};`;
      }
    }
  });
  return { types: eventDetailTypes(), declarations };
}

/** The declarations a set of type texts needs, following references between them, in file order. */
function neededDeclarations(texts: string[], declarations: Record<string, string>): string[] {
  const needed = new Set<string>();
  const visit = (text: string) => {
    for (const [name, declaration] of Object.entries(declarations)) {
      if (needed.has(name) || !new RegExp(`\\b${name}\\b`).test(text)) continue;
      needed.add(name);
      visit(declaration);
    }
  };
  texts.forEach(visit);
  return Object.keys(declarations)
    .filter((name) => needed.has(name))
    .map((name) => `export ${declarations[name]}`);
}

export function eventDetailTypes(): Record<string, string> {
  const file = path.join(root, 'embed-sdk', 'events.ts');
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error('embed-sdk/events.ts not found');
  let map: ts.InterfaceDeclaration | ts.TypeAliasDeclaration | undefined;
  source.forEachChild((node) => {
    if (
      (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
      node.name.text === 'WidgetEventMap'
    ) {
      map = node;
    }
  });
  if (!map) throw new Error('WidgetEventMap is not declared in embed-sdk/events.ts');
  const type = checker.getTypeAtLocation(map.name);
  const out: Record<string, string> = {};
  for (const prop of checker.getPropertiesOfType(type)) {
    const propType = checker.getTypeOfSymbolAtLocation(prop, map);
    out[prop.name] = checker.typeToString(
      propType,
      undefined,
      ts.TypeFormatFlags.NoTruncation |
        ts.TypeFormatFlags.InTypeAlias |
        ts.TypeFormatFlags.MultilineObjectLiterals,
    );
  }
  return out;
}

const pascal = (tag: string) =>
  tag
    .split('-')
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');

function attributesOf(definition: WidgetDefinition) {
  return attributeNames(definition).map((name) => ({
    name,
    doc: (definition.attributes as Record<string, typeof THEME_ATTRIBUTE>)[name] ?? THEME_ATTRIBUTE,
  }));
}

export function elementDeclarations(definitions: readonly WidgetDefinition[], eventInfo: EventDetails) {
  const details = eventInfo.types;
  const lines: string[] = [
    '// Generated by scripts/element-types.ts from widgets/definitions.ts: do not edit.',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    '',
  ];
  const events = new Set(definitions.flatMap((d) => Object.keys(d.events)));
  // The detail types, copied from embed-sdk/events.ts (the one place they are declared).
  const used = [...events].map((event) => details[event] ?? '');
  for (const declaration of neededDeclarations(used, eventInfo.declarations)) lines.push(declaration, '');
  lines.push('export interface ChairsideWidgetEventMap {');
  for (const event of events) {
    const detail = details[event];
    if (!detail) throw new Error(`WidgetEventMap has no "${event}"`);
    lines.push(`  '${event}': CustomEvent<${detail}>;`);
  }
  lines.push('}', '');
  for (const d of definitions) {
    const name = `${pascal(d.tag)}Element`;
    const eventNames = Object.keys(d.events);
    lines.push(`/** ${d.description} */`);
    lines.push(`export interface ${name} extends HTMLElement {`);
    for (const { name: attr, doc } of attributesOf(d)) {
      const prop = attr.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
      lines.push(`  /** ${doc.description} */`, `  ${prop}: ${doc.type} | undefined;`);
    }
    const eventUnion = eventNames.map((e) => `'${e}'`).join(' | ') || 'never';
    lines.push(
      `  addEventListener<K extends ${eventUnion}>(type: K, listener: (this: ${name}, ev: ChairsideWidgetEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;`,
      '  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;',
      `  removeEventListener<K extends ${eventUnion}>(type: K, listener: (this: ${name}, ev: ChairsideWidgetEventMap[K]) => void, options?: boolean | EventListenerOptions): void;`,
      '  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;',
      '}',
      '',
    );
    lines.push(`export interface ${name}Attributes {`);
    for (const { name: attr, doc } of attributesOf(d)) {
      lines.push(`  /** ${doc.description} */`, `  '${attr}'${doc.required ? '' : '?'}: ${doc.type};`);
    }
    lines.push('}', '');
  }
  // Tag → its attributes and the names of its events: what a typed wrapper (packages/react) maps.
  lines.push('export interface ChairsideElements {');
  for (const d of definitions) {
    const eventUnion =
      Object.keys(d.events)
        .map((e) => `'${e}'`)
        .join(' | ') || 'never';
    lines.push(
      `  '${d.tag}': { element: ${pascal(d.tag)}Element; attributes: ${pascal(d.tag)}ElementAttributes; events: ${eventUnion} };`,
    );
  }
  lines.push('}', '');
  lines.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const d of definitions) lines.push(`    '${d.tag}': ${pascal(d.tag)}Element;`);
  lines.push('  }', '}', '');
  lines.push("declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {');
  for (const d of definitions) {
    const name = `${pascal(d.tag)}Element`;
    const handlers = Object.keys(d.events)
      // React 19 listens for the event named after "on" on a custom element.
      .map((e) => `'on${e}'?: (event: ChairsideWidgetEventMap['${e}']) => void`)
      .join('; ');
    lines.push(
      `      '${d.tag}': DetailedHTMLProps<HTMLAttributes<${name}>, ${name}> & ${name}Attributes${handlers ? ` & { ${handlers} }` : ''};`,
    );
  }
  lines.push('    }', '  }', '}', '');
  return lines.join('\n');
}

export function customElementsManifest(
  definitions: readonly WidgetDefinition[],
  details: Record<string, string>,
) {
  return {
    schemaVersion: '2.1.0',
    readme: 'Chairside widgets. Load /embed.js once; every <chairside-*> element is then defined.',
    modules: definitions.map((d) => {
      const name = `${pascal(d.tag)}Element`;
      const modulePath = `widgets/${widgetEntry(d)}.ts`;
      return {
        kind: 'javascript-module',
        path: modulePath,
        declarations: [
          {
            kind: 'class',
            customElement: true,
            name,
            tagName: d.tag,
            description: d.description,
            superclass: { name: 'HTMLElement' },
            attributes: attributesOf(d).map(({ name: attr, doc }) => ({
              name: attr,
              type: { text: doc.type },
              description: doc.description,
              ...(doc.default !== undefined ? { default: JSON.stringify(doc.default) } : {}),
            })),
            events: Object.entries(d.events).map(([event, doc]) => ({
              name: event,
              type: { text: `CustomEvent<${details[event]}>` },
              description: doc.description,
            })),
          },
        ],
        exports: [
          { kind: 'custom-element-definition', name: d.tag, declaration: { name, module: modulePath } },
        ],
      };
    }),
  };
}

export function writeElementTypes(dir: string, definitions: readonly WidgetDefinition[]) {
  const details = eventDetails();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'chairside-elements.d.ts'), elementDeclarations(definitions, details));
  fs.writeFileSync(
    path.join(dir, 'custom-elements.json'),
    `${JSON.stringify(customElementsManifest(definitions, details.types), null, 2)}\n`,
  );
}
