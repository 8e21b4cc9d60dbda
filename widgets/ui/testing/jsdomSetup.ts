/**
 * What every DOM test (vitest.config.ts, project 'dom') needs and jsdom or the runner does not give.
 *
 * Each test's rendered trees are unmounted after it. Testing Library does that by itself only where
 * the runner's `afterEach` is a global, which it is not here: a tree left mounted keeps its timers
 * (a 300 ms debounce, SWR's revalidation), and one firing after its file's environment is gone
 * fails the whole run with "window is not defined".
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

/**
 * How long `findBy…` and `waitFor` wait for what a person would see. A screen's code loads on demand
 * (React.lazy), and on a busy two-core machine running the whole suite that took over the default
 * second now and then, failing a test whose page was merely slow. Only the longest wait changes: a
 * test that passes passes as soon as it did.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom lays out nothing: a message bar watches its size with a ResizeObserver, which jsdom does not
 * have. One that never reports is what a layout-less page would see.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
