/**
 * Registers a widget's custom element, before its code (or even its attributes) are known: embed.js
 * defines every tag at once and knows only where each one's code is. The element shows a small
 * placeholder while the code loads and a clear message if it cannot load, never a blank box. Its
 * code brings its definition: from then on the element reads and observes the attributes that
 * definition names, and has a property for each. No React here (the loader uses it).
 */
import { attributeNames, camelCase, type WidgetDefinition } from './definition.js';

export type WidgetAttributes = Record<string, string | undefined>;

export interface WidgetInstance {
  update(attributes: WidgetAttributes): void;
  unmount(): void;
}

/**
 * A first view the server rendered (embed-sdk/contract/widget.ts), shown in the shadow root while
 * the widget's code loads. Nothing in it runs; its last click is kept to be replayed at hand-over.
 */
export interface EarlyView {
  element: HTMLElement;
  lastClick(): Element | null;
}

/** What a widget's code chunk provides: its definition, and mounting into the element's shadow root. */
export interface WidgetImplementation {
  /** Names the attributes the element reads, observes and has properties for. */
  definition: Pick<WidgetDefinition, 'tag' | 'attributes'>;
  /** With `firstView`, the widget takes its place once it has caught up (firstView.ts). */
  mount(
    shadow: ShadowRoot,
    host: HTMLElement,
    attributes: WidgetAttributes,
    firstView?: EarlyView | null,
  ): WidgetInstance;
}

/** The server's first view for this element (an HTML fragment), or null when there is none. */
export type FirstViewSource = (host: HTMLElement) => Promise<string | null> | null;

/**
 * Gives a widget's implementation. `ready` settles when its code may load: at once without a first
 * view (or when it failed), else once the first view is on screen and has been presented (see
 * CODE_AFTER_FIRST_VIEW_MS): the code's work before that would hold the first view up.
 */
export type WidgetLoad = (
  host: HTMLElement,
  ready: Promise<void>,
) => WidgetImplementation | Promise<WidgetImplementation>;

/** How long a first view may take before the element shows its loading placeholder. */
const PLACEHOLDER_DELAY_MS = 200;

/** The longest the widget's code waits for a first view to arrive (then it loads regardless). */
const FIRST_VIEW_WAIT_MS = 1000;

/**
 * How long the widget's code waits once a first view is in place, unless the person reaches for the
 * widget sooner (REACH). That frame is still being laid out, rastered and presented, much of it off
 * the main thread: the code started at once (tens of milliseconds of CPU: its requests, parsing,
 * compiling) held the first view's presentation up by as much on a busy machine. Nothing is lost
 * meanwhile: the first view shows the results, and what the person does is carried over.
 */
const CODE_AFTER_FIRST_VIEW_MS = 100;
const REACH = ['pointerdown', 'pointerover', 'keydown', 'focusin'];

/** Resolves CODE_AFTER_FIRST_VIEW_MS from now, or at the first REACH event in `host`. */
function codeMayLoad(host: Element): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      for (const type of REACH) host.removeEventListener(type, go, true);
      resolve();
    };
    const timer = setTimeout(go, CODE_AFTER_FIRST_VIEW_MS);
    for (const type of REACH) host.addEventListener(type, go, true);
  });
}

/** Fluent's base font stack (its `fontFamilyBase` token; element.test.ts keeps the two equal). */
export const FONT_FAMILY = `'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif`;

const PLACEHOLDER_CSS =
  `:host{display:block}div{font:14px/20px ${FONT_FAMILY}}.cs-placeholder{display:flex;align-items:center;gap:8px;min-height:32px;padding:8px 12px;color:#616161}` +
  '.cs-spin{width:16px;height:16px;border:2px solid #c7e5e8;border-top-color:#0b6a74;border-radius:50%;animation:cs-spin 1s linear infinite}' +
  '@keyframes cs-spin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.cs-spin{animation:none}}' +
  '.cs-failed{padding:12px;border:1px solid #eeacb2;border-radius:4px;background:#fdf3f4;color:#b10e1c}';

/**
 * What the element holds while its first view is on its way: a hidden sample of what such a view is
 * made of (text in the widgets' font at their sizes and weights, a text box, an icon). The browser
 * looks the fonts up, lays the sample out and runs its first frames now, while the request is out,
 * instead of in the frame that shows the results. Hidden (and contained, 0×0): nothing shows, nothing
 * takes focus or reaches a screen reader. The first view, or the placeholder, replaces it.
 */
export const WARM_UP =
  `<style>${PLACEHOLDER_CSS}.cs-warm{position:absolute;visibility:hidden;contain:strict;width:0;height:0}b{font-weight:600}small{font-size:12px}</style>` +
  '<div class="cs-warm" aria-hidden="true">Ag<b>Ag</b><small>Ag<b>Ag</b></small><input><svg></svg></div>';

function showPlaceholder(shadow: ShadowRoot, label: string) {
  shadow.innerHTML = `<style>${PLACEHOLDER_CSS}</style><div class="cs-placeholder" role="status"><span class="cs-spin" aria-hidden="true"></span><span></span></div>`;
  shadow.querySelector('.cs-placeholder span:last-child')!.textContent = label;
}

function showLoadFailure(shadow: ShadowRoot, tag: string, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`<${tag}> could not load its code: ${reason}`);
  shadow.innerHTML = `<style>${PLACEHOLDER_CSS}</style><div class="cs-failed" role="alert"></div>`;
  shadow.querySelector('.cs-failed')!.textContent =
    `This Chairside widget could not load (${reason}). Check the connection and reload the page.`;
}

/** The named attributes as the widget reads them: an empty one as none. */
export function readAttributes(host: Element, names: readonly string[]): WidgetAttributes {
  const out: WidgetAttributes = {};
  for (const name of names) out[name] = host.getAttribute(name) || undefined;
  return out;
}

function sameAttributes(a: WidgetAttributes, b: WidgetAttributes): boolean {
  return Object.keys(b).every((name) => a[name] === b[name]);
}

/** Puts the server's first view in place of the placeholder; its clicks wait for the widget. */
function showFirstView(shadow: ShadowRoot, html: string): EarlyView | null {
  shadow.innerHTML = html;
  const element = shadow.firstElementChild as HTMLElement | null;
  if (!element) return null;
  let clicked: Element | null = null;
  element.addEventListener('click', (event) => {
    event.preventDefault();
    clicked = event.target as Element;
  });
  return { element, lastClick: () => clicked };
}

/**
 * A property for each attribute (`customer-id` → `customerId`), as the element's own: reading it
 * reads the attribute, setting it sets the attribute (null or undefined removes it), so a host page,
 * or React 19 setting properties on custom elements, and the attribute always agree.
 */
function defineProperties(prototype: HTMLElement, names: readonly string[]) {
  for (const name of names) {
    const property = camelCase(name);
    if (Object.prototype.hasOwnProperty.call(prototype, property)) continue;
    Object.defineProperty(prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(name) ?? undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(name);
        else if (this.getAttribute(name) !== String(value)) this.setAttribute(name, String(value));
      },
    });
  }
}

/** A property a page set on the element before its class had it: handed to the accessor now. */
function upgradeProperties(host: HTMLElement, names: readonly string[]) {
  for (const name of names) {
    const property = camelCase(name);
    if (!Object.prototype.hasOwnProperty.call(host, property)) continue;
    const value = (host as unknown as Record<string, unknown>)[property];
    delete (host as unknown as Record<string, unknown>)[property];
    (host as unknown as Record<string, unknown>)[property] = value;
  }
}

/**
 * Builds the element class for a tag; `load` gives its implementation (now or later), and
 * `firstView` (the loader's) the server-rendered view to show meanwhile.
 *
 * Hand-written rather than @r2wc/core's: r2wc fixes an element's attributes (observedAttributes)
 * and properties when the tag is defined, and embed.js defines every tag before it has any widget's
 * code, without each one's attribute list (it stays in the widget's chunk, not in every page's
 * loader). So the attributes are observed with a MutationObserver and the properties defined once
 * the code, with its definition, has arrived.
 */
export function createWidgetElement(
  tag: string,
  load: WidgetLoad,
  firstView?: FirstViewSource,
): CustomElementConstructor {
  return class ChairsideElement extends HTMLElement {
    #mounted: { unmount(): void } | null = null;

    constructor() {
      super();
      this.attachShadow({ mode: 'open' });
    }

    connectedCallback() {
      this.#mounted ??= mountElement(this, tag, load, firstView);
    }

    disconnectedCallback() {
      this.#mounted?.unmount();
      this.#mounted = null;
    }
  };
}

function mountElement(
  host: HTMLElement,
  tag: string,
  load: WidgetLoad,
  firstView?: FirstViewSource,
): { unmount(): void } {
  const shadow = host.shadowRoot!;
  let instance: WidgetInstance | null = null;
  let view: EarlyView | null = null;
  let observer: MutationObserver | null = null;
  let disposed = false;
  // Asked for before the code, so its request goes out first.
  const early = firstView?.(host);
  const placeholder = () => {
    if (!view && !instance && !disposed) showPlaceholder(shadow, 'Loading…');
  };
  let ready = Promise.resolve();
  if (!early) {
    placeholder();
  } else {
    // With a first view on its way, the placeholder waits a moment (it would only flash); the
    // browser gets ready to paint the view meanwhile. Measured in `npm run bench` (widget).
    shadow.innerHTML = WARM_UP;
    const placeholderTimer = setTimeout(placeholder, PLACEHOLDER_DELAY_MS);
    const shown = early
      .then((html) => {
        clearTimeout(placeholderTimer);
        if (!html || instance || disposed) return placeholder();
        view = showFirstView(shadow, html);
        return codeMayLoad(host);
      })
      .catch(() => {
        clearTimeout(placeholderTimer);
        placeholder(); // the widget shows its own view when its code arrives
      });
    ready = Promise.race([shown, new Promise<void>((r) => setTimeout(r, FIRST_VIEW_WAIT_MS))]);
  }
  Promise.resolve()
    .then(() => load(host, ready))
    .then((impl) => {
      if (disposed) return;
      const names = attributeNames(impl.definition as WidgetDefinition);
      defineProperties(Object.getPrototypeOf(host) as HTMLElement, names);
      upgradeProperties(host, names);
      let attributes = readAttributes(host, names);
      const shown = view;
      for (const node of [...shadow.childNodes]) if (node !== shown?.element) node.remove();
      const mounted = impl.mount(shadow, host, attributes, shown);
      instance = mounted;
      view = null;
      observer = new MutationObserver(() => {
        const next = readAttributes(host, names);
        if (sameAttributes(attributes, next)) return;
        attributes = next;
        mounted.update(next);
      });
      observer.observe(host, { attributes: true, attributeFilter: names });
    })
    .catch((error: unknown) => {
      if (!disposed) showLoadFailure(shadow, tag, error);
    });
  return {
    unmount() {
      disposed = true;
      observer?.disconnect();
      instance?.unmount();
      instance = null;
    },
  };
}

/** Defines the element unless this tag is already defined (a second script tag does no harm). */
export function registerWidgetElement(tag: string, load: WidgetLoad, firstView?: FirstViewSource): boolean {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return false;
  customElements.define(tag, createWidgetElement(tag, load, firstView));
  return true;
}
