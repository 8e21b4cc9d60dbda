/**
 * The element's order of work with a server-rendered first view: the first view is shown as soon as
 * it arrives, and the widget's code may load only once that view has had its moment on screen, or
 * as soon as the person reaches for the widget; without a first view, the code loads at once.
 */
import { webLightTheme } from '@fluentui/react-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetDefinition } from './definition.js';
import { FONT_FAMILY, registerWidgetElement, WARM_UP, type WidgetImplementation } from './element.js';

const FIRST_VIEW = '<div class="chairside-first-view"><p role="option">Grace Okafor</p></div>';

let count = 0;
function define(firstView: string | null | Promise<string | null>) {
  const tag = `x-element-test-${++count}`;
  const definition = { tag, attributes: { theme: {}, term: {} } } as unknown as WidgetDefinition;
  let ready: Promise<void> | null = null;
  let readyAt: number | null = null;
  const mounted: string[] = [];
  const implementation: WidgetImplementation = {
    definition,
    mount: (_shadow, _host, attributes) => {
      mounted.push(attributes.term ?? '');
      return { update: () => undefined, unmount: () => undefined };
    },
  };
  registerWidgetElement(
    tag,
    (_host, whenReady) => {
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

describe('a widget element while its first view is on its way', () => {
  function deferred() {
    let resolve!: (html: string | null) => void;
    const promise = new Promise<string | null>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('holds a hidden warm-up of its fonts, a text box and an icon, which the view replaces', async () => {
    const view = deferred();
    const widget = define(view.promise);
    document.body.append(widget.element);
    const shadow = widget.element.shadowRoot!;
    const warm = shadow.querySelector('.cs-warm')!;
    expect(warm.getAttribute('aria-hidden')).toBe('true');
    expect(warm.querySelector('input')).not.toBeNull();
    expect(warm.querySelector('svg')).not.toBeNull();
    const css = shadow.querySelector('style')!.textContent!;
    expect(css).toContain('.cs-warm{position:absolute;visibility:hidden;contain:strict;width:0;height:0}');
    expect(css).toContain(`div{font:14px/20px ${FONT_FAMILY}}`);
    expect(shadow.querySelector('[role="status"]')).toBeNull();

    view.resolve(FIRST_VIEW);
    await vi.advanceTimersByTimeAsync(0);
    expect(shadow.querySelector('.cs-warm')).toBeNull();
    expect(shadow.textContent).toBe('Grace Okafor');
  });

  it('shows the loading placeholder in its place when the view takes over 200 ms', async () => {
    const view = deferred();
    const widget = define(view.promise);
    document.body.append(widget.element);
    await vi.advanceTimersByTimeAsync(199);
    expect(widget.element.shadowRoot!.innerHTML).toBe(WARM_UP);
    await vi.advanceTimersByTimeAsync(1);
    expect(widget.element.shadowRoot!.querySelector('.cs-warm')).toBeNull();
    expect(widget.element.shadowRoot!.querySelector('[role="status"]')!.textContent).toBe('Loading…');
  });

  it("writes Fluent's own base font stack", () => {
    expect(FONT_FAMILY).toBe(webLightTheme.fontFamilyBase);
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

describe('a widget element, defined before its code and its attributes are known', () => {
  function defineLate() {
    const tag = `x-element-test-${++count}`;
    const definition = {
      tag,
      attributes: { theme: {}, 'customer-id': {}, value: {} },
    } as unknown as WidgetDefinition;
    const calls: string[] = [];
    let arrive!: () => void;
    const code = new Promise<WidgetImplementation>((resolve) => {
      arrive = () =>
        resolve({
          definition,
          mount: (_shadow, _host, attributes) => {
            calls.push(`mount ${JSON.stringify(attributes)}`);
            return {
              update: (next) => calls.push(`update ${JSON.stringify(next)}`),
              unmount: () => calls.push('unmount'),
            };
          },
        });
    });
    registerWidgetElement(tag, () => code);
    type Late = HTMLElement & { customerId?: string; value?: string };
    return { element: document.createElement(tag) as Late, calls, arrive };
  }

  it('mounts with the attributes its code names, as they are when the code arrives', async () => {
    const widget = defineLate();
    widget.element.setAttribute('customer-id', '7');
    widget.element.setAttribute('class', 'host-page-class');
    document.body.append(widget.element);
    widget.element.setAttribute('customer-id', '8');
    widget.element.setAttribute('value', '');
    widget.arrive();
    await vi.advanceTimersByTimeAsync(0);
    // JSON leaves out the absent ones: theme, and value (empty reads as absent); not class.
    expect(widget.calls).toEqual(['mount {"customer-id":"8"}']);
  });

  it('updates when one of those attributes changes, and not for others', async () => {
    const widget = defineLate();
    document.body.append(widget.element);
    widget.arrive();
    await vi.advanceTimersByTimeAsync(0);
    widget.element.setAttribute('customer-id', '9');
    widget.element.setAttribute('data-anything', 'x');
    await vi.advanceTimersByTimeAsync(0);
    widget.element.setAttribute('customer-id', '9');
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.calls).toEqual(['mount {}', 'update {"customer-id":"9"}']);
  });

  it('has a property for each attribute once its code is there, set before or after', async () => {
    const widget = defineLate();
    widget.element.customerId = '5'; // set by the page before the code arrived
    document.body.append(widget.element);
    widget.arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.calls).toEqual(['mount {"customer-id":"5"}']);
    expect(widget.element.getAttribute('customer-id')).toBe('5');

    widget.element.value = '12';
    expect(widget.element.getAttribute('value')).toBe('12');
    widget.element.value = undefined;
    expect(widget.element.hasAttribute('value')).toBe(false);
    widget.element.setAttribute('customer-id', '6');
    expect(widget.element.customerId).toBe('6');
  });

  it('unmounts when removed from the page, and mounts again when put back', async () => {
    const widget = defineLate();
    document.body.append(widget.element);
    widget.arrive();
    await vi.advanceTimersByTimeAsync(0);
    widget.element.remove();
    document.body.append(widget.element);
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.calls).toEqual(['mount {}', 'unmount', 'mount {}']);
  });
});
