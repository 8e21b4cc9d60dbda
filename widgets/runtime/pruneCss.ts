/**
 * Drops the rules of a style sheet that cannot match a static piece of markup: those whose selector
 * needs a class the markup does not have. A server-rendered first view never changes until the
 * widget replaces it, so such rules are dead weight: Griffel collects the CSS of every style a
 * component computed (a button's every appearance and size), not only of the classes it applied.
 *
 * Hand-written: PurgeCSS does this through a full PostCSS parse, too slow to run on every request.
 * This reads only what Griffel writes: flat rules, and @media/@supports/@layer/@container blocks of
 * them. Anything it does not understand is kept.
 */

/** The sheet's top-level blocks: `selector{…}` or `@rule …{…}` (braces in strings are skipped). */
function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Splits a selector list on its top-level commas (not those inside :is(), :where()…). */
function alternatives(selector: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  out.push(selector.slice(start));
  return out;
}

/** Whether one selector (no top-level commas) could match, given the classes that exist. */
function possible(selector: string, used: ReadonlySet<string>): boolean {
  // Classes inside a functional pseudo-class (:not(.x), :is(.a, .b), :has(.c)…) are not required.
  let required = selector;
  for (let previous = ''; previous !== required;) {
    previous = required;
    required = required.replace(/:[a-z-]+\([^()]*\)/gi, '');
  }
  required = required.replace(/\[[^\]]*\]/g, ''); // attribute values are not classes
  for (const match of required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    if (!used.has(match[1]!)) return false;
  }
  return true;
}

const GROUPING = /^@(media|supports|layer|container)\b/i;

export function pruneCss(css: string, used: ReadonlySet<string>): string {
  let out = '';
  for (const block of blocks(css)) {
    const open = block.indexOf('{');
    if (open === -1 || !block.endsWith('}')) {
      out += block; // not a block (a stray declaration, @import…): kept as it is
      continue;
    }
    const prelude = block.slice(0, open).trim();
    if (prelude.startsWith('@')) {
      if (!GROUPING.test(prelude)) {
        out += block; // @keyframes, @font-face…: kept
        continue;
      }
      const inner = pruneCss(block.slice(open + 1, -1), used);
      if (inner) out += `${prelude}{${inner}}`;
      continue;
    }
    if (alternatives(prelude).some((selector) => possible(selector, used))) out += block;
  }
  return out;
}

/** Every class name in an HTML fragment's class attributes. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}
