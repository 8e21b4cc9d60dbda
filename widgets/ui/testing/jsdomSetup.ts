/**
 * What every DOM test (vitest.config.ts, project 'dom') needs and jsdom or the runner does not give.
 *
 * Each test's rendered trees are unmounted after it. Testing Library does that by itself only where
 * the runner's `afterEach` is a global, which it is not here: a tree left mounted keeps its timers
 * (a 300 ms debounce, SWR's revalidation), and one firing after its file's environment is gone
 * fails the whole run with "window is not defined".
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

/**
 * jsdom lays out nothing: a message bar watches its size with a ResizeObserver, which jsdom does not
 * have. One that never reports is what a layout-less page would see.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
