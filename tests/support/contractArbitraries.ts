/**
 * fast-check arbitraries built from the contract's zod schemas, for the attack tests: requests that
 * the contract accepts, and mutations of them that it must refuse with a 400 naming the field.
 *
 * Hand-written: the one library that derives fast-check arbitraries from zod schemas
 * (zod-fast-check) supports zod 3 only, and this contract is zod 4. It walks zod 4's public schema
 * definitions (`schema._zod.def`), which is all a generator needs.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { ruleOf } from '../../embed-sdk/contract/common.js';

type Schema = z.ZodType;
interface Check {
  check: string;
  value?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  pattern?: RegExp;
  inclusive?: boolean;
}
interface Def {
  type: string;
  checks?: { _zod: { def: Check } }[];
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  catchall?: Schema;
  /** A record's values. */
  valueType?: Schema;
}

export function defOf(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Check[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/**
 * A field's own arbitrary, chosen by the test from the field's name and path (real record ids of a
 * practice, say), or undefined to let the schema decide.
 */
export type FieldHint = (field: string, path: string) => fc.Arbitrary<unknown> | undefined;

/**
 * Strings whose rules (an e-mail list, a phone, a card nonce) a random string would seldom meet,
 * by the field's name: plausible values first, so that most samples pass and reach the handler.
 */
function plausibleString(field: string): fc.Arbitrary<string> | undefined {
  if (/mail/i.test(field)) return fc.constantFrom('pat.jones@example.com', 'a@b.co', '');
  if (/cell|phone/i.test(field)) return fc.constantFrom('3035550100', '303-555-0100', '303.555.0199');
  if (/zip/i.test(field)) return fc.constantFrom('80202', '73301', '');
  if (/timeZone/i.test(field)) return fc.constantFrom('America/Chicago', 'America/Denver', 'UTC');
  if (/origin|url/i.test(field))
    return fc.constantFrom('https://intranet.example.com', 'http://localhost:9090');
  if (/name|search|description|note|message|signature|template/i.test(field)) {
    return fc.oneof(fc.constantFrom('Garcia', 'Ann Lee', 'a'), fc.string({ minLength: 1, maxLength: 12 }));
  }
  return undefined;
}

function stringArbitrary(def: Def, field: string): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 24;
  let declaredMax = Number.POSITIVE_INFINITY;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = Number(c.minimum);
    if (c.check === 'max_length') declaredMax = Number(c.maximum);
    if (c.check === 'length_equals') minLength = declaredMax = Number(c.value ?? c.minimum);
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) return fc.stringMatching(c.pattern);
  }
  switch (def.format) {
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'date':
      return fc
        .date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'email':
      return fc.constant('pat.jones@example.com');
    case 'url':
      return fc.constant('https://example.com/');
  }
  maxLength = Math.max(minLength, Math.min(declaredMax, maxLength));
  const plausible = plausibleString(field);
  const random = fc.string({ minLength, maxLength });
  return plausible ? fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: random, weight: 1 }) : random;
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : 1));
    if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : 1));
    if (c.check === 'number_format') integer = true;
  }
  if (min > max) max = min;
  // Small values first: ids and amounts people use, then the whole range.
  return integer
    ? fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }))
    : fc.double({ min, max, noNaN: true });
}

/** Values the schema accepts (before its transforms), as a client would send them. */
export function validArbitrary(
  schema: Schema,
  hint: FieldHint = () => undefined,
  path = '',
): fc.Arbitrary<unknown> {
  const field = path.split('.').pop() ?? '';
  const hinted = path ? hint(field, path) : undefined;
  if (hinted) return hinted;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, field);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape);
      const required = entries.filter(([, s]) => !isOptional(s)).map(([k]) => k);
      return fc.record(
        Object.fromEntries(
          entries.map(([k, s]) => [k, validArbitrary(s, hint, path ? `${path}.${k}` : k)]),
        ) as Record<string, fc.Arbitrary<unknown>>,
        { requiredKeys: required },
      );
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') minLength = Number(c.minimum);
        if (c.check === 'max_length') maxLength = Math.min(maxLength, Number(c.maximum));
      }
      return fc.array(validArbitrary(def.element!, hint, `${path}[]`), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(def.innerType!, hint, path), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType!, hint, path), { nil: null, freq: 3 });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validArbitrary(def.innerType!, hint, path);
    case 'pipe':
      return validArbitrary(pipeInput(def), hint, path);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => validArbitrary(o, hint, path)));
    case 'record':
      // A map of named values (a report's filters, which the report's own schema checks).
      return fc.dictionary(fc.string({ maxLength: 8 }), validArbitrary(def.valueType!, hint, `${path}{}`), {
        maxKeys: 3,
      });
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(
        `contractArbitraries: no arbitrary for zod type "${def.type}" at ${path || 'the root'}`,
      );
  }
}

/**
 * What a pipe takes: its input schema, or for a preprocess (a transform first, as the contract's
 * query numbers are) the schema after it, since a transform accepts anything.
 */
function pipeInput(def: Def): Schema {
  return defOf(def.in!).type === 'transform' ? def.out! : def.in!;
}

function isOptional(schema: Schema): boolean {
  const t = defOf(schema).type;
  return t === 'optional' || t === 'default' || t === 'prefault';
}

/**
 * `count` requests the schema itself accepts (refinements included), from the walk's values. A
 * schema whose rules the walk seldom meets fails loudly, naming it, rather than searching forever:
 * give its field a plausible value (plausibleString) or a hint.
 */
export function sampleAccepted(
  schema: Schema,
  count: number,
  seed: number,
  hint?: FieldHint,
  name = 'a schema',
): unknown[] {
  const found: unknown[] = [];
  const arbitrary = validArbitrary(schema, hint);
  for (let round = 0; round < 20 && found.length < count; round++) {
    for (const value of fc.sample(arbitrary, { numRuns: 100, seed: seed + round })) {
      if (schema.safeParse(value).success) found.push(value);
      if (found.length === count) break;
    }
  }
  if (found.length < count) {
    throw new Error(
      `contractArbitraries: 2,000 tries built no request that ${name} accepts; add a hint for its fields.`,
    );
  }
  return found;
}

/** Every field path of a schema's objects, with its type, for mutations aimed at one field. */
export function fieldsOf(schema: Schema, path = ''): { path: string; type: string }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, s]) => {
        const here = path ? `${path}.${k}` : k;
        const inner = fieldsOf(s, here);
        return inner.length ? inner : [{ path: here, type: defOf(s).type }];
      });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return fieldsOf(def.innerType!, path);
    case 'pipe':
      return fieldsOf(pipeInput(def), path);
    default:
      return path ? [{ path, type: def.type }] : [];
  }
}

const HUGE = 'x'.repeat(100_000);
/** What an attacker puts in a field instead of what belongs there. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  '',
  'x',
  '\u0000',
  `a\u0000b`,
  HUGE,
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
  1e308,
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '2026-02-30',
  '2026-13-01',
  '1899-12-31',
  '2200-01-01',
  '9999-12-31T23:59:59Z',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

/**
 * A value sent as this JSON text, as it is: nesting deeper than `JSON.stringify` can write without
 * overflowing its own stack. `jsonText` puts it into the request's text.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A request's JSON text, with each `RawJson` written in as its text. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `\uE000raw:${raws.push(v.text) - 1}\uE000` : v,
  );
  return text.replace(/"\uE000raw:(\d+)\uE000"/g, (_, i: string) => raws[Number(i)]!);
}

const nestedArrays = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const nestedObjects = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/**
 * Shapes that try a parser's and a validator's limits rather than a field's type (issue 30): nesting
 * just past the JSON depth limit and far past it (20,000 levels overflowed the stack of a recursive
 * walk), a wide object and a long array. Bodies only: in a query string they would pass the URL's
 * length limit, which is not theirs to try.
 */
export const HOSTILE_SHAPES: unknown[] = [
  nestedArrays(33),
  nestedArrays(5_000),
  nestedArrays(20_000),
  nestedObjects(40),
  nestedObjects(10_000),
  Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])),
  Array.from({ length: 50_000 }, (_, i) => i),
];

/**
 * A request the contract must refuse, or answer without a server error: one hostile change to a
 * valid one. With `shapes` (a body), the hostile values include `HOSTILE_SHAPES`, in a field or as
 * the whole body.
 */
export function hostileArbitrary(
  schema: Schema,
  hint?: FieldHint,
  { shapes = false }: { shapes?: boolean } = {},
): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema);
  const valid = validArbitrary(schema, hint);
  const hostile = fc.constantFrom(...HOSTILE_VALUES, ...(shapes ? HOSTILE_SHAPES : []));
  const replaced = fields.length
    ? fc
        .tuple(valid, fc.constantFrom(...fields), hostile)
        .map(([value, field, bad]) => setPath(value, field.path, bad))
    : valid;
  const removed = fields.length
    ? fc
        .tuple(valid, fc.constantFrom(...fields))
        .map(([value, field]) => setPath(value, field.path, undefined))
    : valid;
  const extra = fc
    .tuple(valid, fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'companyId'), hostile)
    .map(([value, key, bad]) =>
      typeof value === 'object' && value !== null ? { ...(value as object), [key]: bad } : value,
    );
  const notAnObject = fc.constantFrom<unknown>([], 'body', 42, null, [{}], ...(shapes ? HOSTILE_SHAPES : []));
  return fc.oneof(
    { arbitrary: replaced, weight: 6 },
    { arbitrary: removed, weight: 2 },
    { arbitrary: extra, weight: 2 },
    { arbitrary: notAnObject, weight: 1 },
  );
}

function setPath(value: unknown, path: string, replacement: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  const [head, ...rest] = path.split('.');
  const key = head!.replace(/\[\]$/, '');
  if (rest.length === 0) {
    if (replacement === undefined) delete copy[key];
    else copy[key] = replacement;
    return copy;
  }
  copy[key] = setPath(copy[key] ?? {}, rest.join('.'), replacement);
  return copy;
}

/** A change that breaks one rule of a schema in a request it accepts, and the field it is about. */
export interface RuleBreaker {
  /** What the change does, for a failure's message. */
  rule: string;
  /** The field (`enrollees`, `procedures.0.procStatus`): a refusal's error names it or a field within. */
  field: string;
  /** The request with the rule broken, or undefined when this request has nothing to break it in. */
  break: (valid: unknown) => unknown;
}

/** Numbers written otherwise than in decimal digits, which `z.coerce.number()` read as numbers. */
const NOT_DECIMAL = ['0x10', '1e1', '0b11', ' 16', '16 ', '+16', '16.0'];

/**
 * For each rule a schema states, a change that breaks it in a request the schema accepts: an
 * enumeration's value outside its set, an `eachOnce` array's first item sent twice, a
 * `decimalDigits` number written in hexadecimal, with an exponent, a sign or spaces. The contract's
 * own rules are found by walking the schema (`ruleOf`), so a rule added to the contract is broken on
 * purpose the day it lands.
 */
export function ruleBreakers(schema: Schema, path: (string | number)[] = []): RuleBreaker[] {
  const def = defOf(schema);
  const field = path.join('.');
  const rule = ruleOf(schema)?.rule;
  if (rule === 'decimalDigits') {
    return NOT_DECIMAL.map((text) => ({
      rule: `${field} written as ${JSON.stringify(text)}`,
      field,
      break: (valid) => withValue(valid, path, text),
    }));
  }
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, s]) => ruleBreakers(s, [...path, k]));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return ruleBreakers(def.innerType!, path);
    case 'pipe':
      return ruleBreakers(pipeInput(def), path);
    case 'enum':
      return [
        {
          rule: `${field} outside its set`,
          field,
          break: (valid) => withValue(valid, path, 'ZZZZ'),
        },
      ];
    case 'array': {
      const inner = ruleBreakers(def.element!, [...path, 0]);
      if (rule !== 'eachOnce') return inner;
      const repeated: RuleBreaker = {
        rule: `${field} with its first item twice`,
        field,
        break: (valid) => {
          const items = valueAt(valid, path);
          return Array.isArray(items) && items.length > 0
            ? withValue(valid, path, [...items, items[0]])
            : undefined;
        },
      };
      return [repeated, ...inner];
    }
    default:
      return [];
  }
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

/** A copy of `value` with `replacement` at `path`; undefined when a step of the path is missing. */
function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  if (typeof value !== 'object' || value === null) return undefined;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  if (rest.length > 0 && (typeof copy[head] !== 'object' || copy[head] === null)) return undefined;
  const inner = withValue(copy[head], rest, replacement);
  if (inner === undefined) return undefined;
  copy[head] = inner;
  return copy;
}
