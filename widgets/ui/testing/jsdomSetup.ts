/**
 * What jsdom lacks and Fluent's components use, for the DOM tests (vitest.config.ts, project 'dom').
 * jsdom lays out nothing: a message bar watches its size with a ResizeObserver, which jsdom does not
 * have. One that never reports is what a layout-less page would see.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
