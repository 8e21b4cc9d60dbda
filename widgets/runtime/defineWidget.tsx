/**
 * Turns a React component into a Chairside widget: `defineWidget(definition, Component,
 * { attributes })`. The element (element.ts, defined by embed.js before this code arrives) gets:
 * - an open shadow root, with Fluent's styles rendered into it by Griffel's shadow-DOM renderer;
 * - the theme's tokens adopted on :host, light or dark, from the `theme` attribute or the SDK;
 * - dialogs, menus and popovers mounted inside the shadow root;
 * - its own Jotai store, and the page-wide SWR cache;
 * - attributes parsed with zod: a bad one shows an explained state and a console error;
 * - outputs as DOM CustomEvents (bubbling, composed), named as in WidgetEventMap.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createShadowDOMRenderer } from '@griffel/shadow-dom';
import { createStore } from 'jotai';
import type * as zc from 'zod/v4/core';
import type { WidgetEventMap } from '../../embed-sdk/events.js';
import type { WidgetDefinition } from './definition.js';
import type { EarlyView, WidgetAttributes, WidgetImplementation } from './element.js';
import { FIRST_VIEW_MAX_MS, handOver } from './firstView.js';
import { adoptTheme, isThemeName, type ThemeName } from './theme.js';
import { ElementRoot } from './ElementRoot.js';
import { enableShadowDomFocus } from './shadowFocus.js';

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** `patient-selected` → `onPatientSelected`. */
export type EventPropName<E extends string> = `on${Capitalize<CamelCase<E>>}`;

export type EventProps<E extends string> = {
  [K in E as EventPropName<K>]?: (detail: K extends keyof WidgetEventMap ? WidgetEventMap[K] : never) => void;
};

export function eventPropName(event: string): string {
  return `on${event.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase())}`;
}

let instances = 0;

export interface Widget<P> extends WidgetImplementation {
  definition: WidgetDefinition;
  Component: ComponentType<P>;
  /** Reads the element's attributes into the component's props. */
  attributes: zc.$ZodType<P>;
}

export function defineWidget<
  const A extends string,
  const E extends string,
  // The schema reads the definition's attributes (strings or absent) and may rename them for props.
  S extends zc.$ZodType<unknown, { [K in A]?: string | undefined }>,
>(
  definition: WidgetDefinition<A, E>,
  Component: ComponentType<zc.output<S> & EventProps<E>>,
  options: { attributes: S },
): Widget<zc.output<S> & EventProps<E>> {
  return {
    definition,
    Component,
    attributes: options.attributes as unknown as zc.$ZodType<zc.output<S> & EventProps<E>>,
    mount(shadow: ShadowRoot, host: HTMLElement, attributes: WidgetAttributes, firstView?: EarlyView | null) {
      enableShadowDomFocus();
      const instanceId = `${definition.tag}-${++instances}`;
      const container = document.createElement('div');
      container.className = 'chairside-root';
      const portals = document.createElement('div');
      portals.className = 'chairside-portals';
      // With a first view on show, the widget renders off-screen and takes its place once it has
      // caught up (or after FIRST_VIEW_MAX_MS, should it never say so).
      let early = firstView ?? null;
      shadow.append(...(early ? [portals] : [container, portals]));
      const settled = () => {
        if (!early) return;
        const view = early;
        early = null;
        clearTimeout(timer);
        handOver(view, container);
      };
      const timer = early ? setTimeout(settled, FIRST_VIEW_MAX_MS) : undefined;
      const renderer = createShadowDOMRenderer(shadow);
      const store = createStore();
      const root = createRoot(container, {
        identifierPrefix: `${instanceId}-`,
        onUncaughtError: (error) => console.error(`<${definition.tag}>:`, error),
      });

      const callbacks = Object.fromEntries(
        Object.keys(definition.events).map((event) => [
          eventPropName(event),
          (detail: unknown) =>
            host.dispatchEvent(new CustomEvent(event, { detail, bubbles: true, composed: true })),
        ]),
      );

      const hostInfo = { element: host, instanceId, settled };
      const render = (attrs: WidgetAttributes) => {
        const requested = attrs.theme;
        const applyTheme = (fallback: ThemeName) =>
          adoptTheme(shadow, isThemeName(requested) ? requested : fallback);
        root.render(
          <ElementRoot
            definition={definition}
            attributes={attrs}
            schema={options.attributes}
            renderer={renderer}
            store={store}
            portalNode={portals}
            host={hostInfo}
            applyTheme={applyTheme}
            render={(props) => (
              <Component {...(props as zc.output<S> & object)} {...(callbacks as unknown as EventProps<E>)} />
            )}
          />,
        );
      };
      render(attributes);
      return {
        update: render,
        unmount: () => {
          clearTimeout(timer);
          early?.element.remove();
          early = null;
          root.unmount();
          container.remove();
          portals.remove();
        },
      };
    },
  };
}
