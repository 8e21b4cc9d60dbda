/**
 * Registers a widget's custom element. @r2wc/core does the element work (observed attributes,
 * property accessors, connect/disconnect); our renderer mounts the widget's implementation, which
 * may still be loading: the element shows a small placeholder meanwhile and a clear message if the
 * code cannot load, never a blank box. No React here (the loader uses it).
 */
import r2wc from '@r2wc/core';
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

/** What a widget's code chunk provides: mounting into the element's shadow root. */
export interface WidgetImplementation {
  /** With `firstView`, the widget takes its place once it has caught up (firstView.ts). */
  mount(
    shadow: ShadowRoot,
    host: HTMLElement,
    attributes: WidgetAttributes,
    firstView?: EarlyView | null,
  ): WidgetInstance;
}

/** The server's first view for these attributes (an HTML fragment), or null when there is none. */
export type FirstViewSource = (attributes: WidgetAttributes) => Promise<string | null> | null;

/**
 * Gives a widget's implementation. `ready` settles when its code may load: at once without a first
 * view (or when it failed), else once the first view is on screen and has been presented (see
 * CODE_AFTER_FIRST_VIEW_MS): the code's work before that would hold the first view up.
 */
export type WidgetLoad = (
  attributes: WidgetAttributes,
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

interface Context {
  shadow: ShadowRoot;
  attributes: WidgetAttributes;
  instance: WidgetInstance | null;
  firstView: EarlyView | null;
  disposed: boolean;
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

export function toAttributes(definition: WidgetDefinition, props: Record<string, unknown>): WidgetAttributes {
  const out: WidgetAttributes = {};
  for (const name of attributeNames(definition)) {
    const value = props[camelCase(name)];
    out[name] = value === undefined || value === null ? undefined : String(value);
  }
  return out;
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
 * Builds the element class for a definition; `load` gives its implementation (now or later), and
 * `firstView` (the loader's) the server-rendered view to show meanwhile.
 */
export function createWidgetElement(
  definition: WidgetDefinition,
  load: WidgetLoad,
  firstView?: FirstViewSource,
): CustomElementConstructor {
  const props = Object.fromEntries(attributeNames(definition).map((a) => [camelCase(a), 'string' as const]));
  const Placeholder = () => null;
  return r2wc<Record<string, unknown>, Context>(
    Placeholder as never,
    { shadow: 'open', props },
    {
      mount(container, _component, properties) {
        const shadow = container as unknown as ShadowRoot;
        const ctx: Context = {
          shadow,
          attributes: toAttributes(definition, properties),
          instance: null,
          firstView: null,
          disposed: false,
        };
        // Asked for before the code, so its request goes out first.
        const early = firstView?.(ctx.attributes);
        const placeholder = () => {
          if (!ctx.firstView && !ctx.instance && !ctx.disposed) showPlaceholder(shadow, 'Loading…');
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
              if (!html || ctx.instance || ctx.disposed) return placeholder();
              ctx.firstView = showFirstView(shadow, html);
              return codeMayLoad(shadow.host);
            })
            .catch(() => {
              clearTimeout(placeholderTimer);
              placeholder(); // the widget shows its own view when its code arrives
            });
          ready = Promise.race([shown, new Promise<void>((r) => setTimeout(r, FIRST_VIEW_WAIT_MS))]);
        }
        Promise.resolve(ctx.attributes)
          .then((attributes) => load(attributes, ready))
          .then((impl) => {
            if (ctx.disposed) return;
            const view = ctx.firstView;
            for (const node of [...shadow.childNodes]) if (node !== view?.element) node.remove();
            ctx.instance = impl.mount(shadow, shadow.host as HTMLElement, ctx.attributes, view);
            ctx.firstView = null;
          })
          .catch((error: unknown) => {
            if (!ctx.disposed) showLoadFailure(shadow, definition.tag, error);
          });
        return ctx;
      },
      update(ctx, properties) {
        ctx.attributes = toAttributes(definition, properties);
        ctx.instance?.update(ctx.attributes);
      },
      unmount(ctx) {
        ctx.disposed = true;
        ctx.instance?.unmount();
        ctx.instance = null;
      },
    },
  );
}

/** Defines the element unless this tag is already defined (a second script tag does no harm). */
export function registerWidgetElement(
  definition: WidgetDefinition,
  load: WidgetLoad,
  firstView?: FirstViewSource,
): boolean {
  if (typeof customElements === 'undefined' || customElements.get(definition.tag)) return false;
  customElements.define(definition.tag, createWidgetElement(definition, load, firstView));
  return true;
}
