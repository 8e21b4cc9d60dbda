/**
 * Hub methods a client may invoke. The payments hub is a push channel, so the only one is `Echo`,
 * which lets a client (and the tests) check a round trip without touching any data.
 */

/** A Map, not an object: a target such as `constructor` or `toString` must not resolve to anything. */
export const hubMethods = new Map<string, (args: unknown[]) => unknown>([
  ['Echo', (args) => args[0] ?? null],
]);
