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

/** What a widget's code chunk provides: mounting into the element's shadow root. */
export interface WidgetImplementation {
  mount(shadow: ShadowRoot, host: HTMLElement, attributes: WidgetAttributes): WidgetInstance;
}

interface Context {
  shadow: ShadowRoot;
  attributes: WidgetAttributes;
  instance: WidgetInstance | null;
  disposed: boolean;
}

const PLACEHOLDER_CSS =
  ':host{display:block}.cs-placeholder{display:flex;align-items:center;gap:8px;min-height:32px;padding:8px 12px;font:14px/20px "Segoe UI",system-ui,sans-serif;color:#616161}' +
  '.cs-spin{width:16px;height:16px;border:2px solid #c7e5e8;border-top-color:#0b6a74;border-radius:50%;animation:cs-spin 1s linear infinite}' +
  '@keyframes cs-spin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.cs-spin{animation:none}}' +
  '.cs-failed{padding:12px;border:1px solid #eeacb2;border-radius:4px;background:#fdf3f4;color:#b10e1c;font:14px/20px "Segoe UI",system-ui,sans-serif}';

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

/** Builds the element class for a definition; `load` gives its implementation (now or later). */
export function createWidgetElement(
  definition: WidgetDefinition,
  load: (attributes: WidgetAttributes) => WidgetImplementation | Promise<WidgetImplementation>,
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
          disposed: false,
        };
        showPlaceholder(shadow, 'Loading…');
        Promise.resolve(ctx.attributes)
          .then(load)
          .then((impl) => {
            if (ctx.disposed) return;
            shadow.innerHTML = '';
            ctx.instance = impl.mount(shadow, shadow.host as HTMLElement, ctx.attributes);
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
  load: (attributes: WidgetAttributes) => WidgetImplementation | Promise<WidgetImplementation>,
): boolean {
  if (typeof customElements === 'undefined' || customElements.get(definition.tag)) return false;
  customElements.define(definition.tag, createWidgetElement(definition, load));
  return true;
}
