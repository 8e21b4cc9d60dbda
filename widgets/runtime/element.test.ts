/**
 * The element's order of work with a server-rendered first view: the first view is shown as soon as
 * it arrives, and the widget's code may load only once that view has had its moment on screen, or
 * as soon as the person reaches for the widget; without a first view, the code loads at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetDefinition } from './definition.js';
import { registerWidgetElement, type WidgetImplementation } from './element.js';

const FIRST_VIEW = '<div class="chairside-first-view"><p role="option">Grace Okafor</p></div>';

let count = 0;
function define(firstView: string | null) {
  const tag = `x-element-test-${++count}`;
  const definition = { tag, attributes: { theme: {}, term: {} } } as unknown as WidgetDefinition;
  let ready: Promise<void> | null = null;
  let readyAt: number | null = null;
  const mounted: string[] = [];
  const implementation: WidgetImplementation = {
    mount: (_shadow, _host, attributes) => {
      mounted.push(attributes.term ?? '');
      return { update: () => undefined, unmount: () => undefined };
    },
  };
  registerWidgetElement(
    definition,
    (_attributes, whenReady) => {
      ready = whenReady;
      void whenReady.then(() => (readyAt = Date.now()));
      return whenReady.then(() => implementation);
    },
    firstView === null ? undefined : () => Promise.resolve(firstView),
  );
  const element = document.createElement(tag);
  element.setAttribute('term', 'okafor');
  return { element, mounted, ready: () => ready, readyAt: () => readyAt };
}

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a widget element with a first view', () => {
  it('shows the first view, then lets the code load 100 ms later', async () => {
    const widget = define(FIRST_VIEW);
    document.body.append(widget.element);
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.element.shadowRoot!.textContent).toBe('Grace Okafor');
    expect(widget.ready()).not.toBeNull();

    await vi.advanceTimersByTimeAsync(99);
    expect(widget.readyAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(widget.readyAt()).toBe(100);
    expect(widget.mounted).toEqual(['okafor']);
  });

  it('lets the code load at once when the person reaches for the widget', async () => {
    const widget = define(FIRST_VIEW);
    document.body.append(widget.element);
    await vi.advanceTimersByTimeAsync(10);
    expect(widget.readyAt()).toBeNull();

    const option = widget.element.shadowRoot!.querySelector('[role="option"]')!;
    option.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.readyAt()).toBe(10);
  });
});

describe('a widget element without a first view', () => {
  it('shows the loading placeholder and lets the code load at once', async () => {
    const widget = define(null);
    document.body.append(widget.element);
    expect(widget.element.shadowRoot!.querySelector('[role="status"]')!.textContent).toBe('Loading…');
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.readyAt()).toBe(0);
    expect(widget.mounted).toEqual(['okafor']);
  });
});
