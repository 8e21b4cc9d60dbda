/**
 * Server side of a widget's first view (see firstView.ts for the browser's): the widget's own
 * component, inside the same frame an element gives it, rendered to HTML with the caller's data
 * already in its SWR cache, and the CSS that Griffel collected for exactly that markup.
 *
 * Runs in Node (built into dist/ssr by scripts/build.ts, loaded by the server). The SDK is a real
 * one whose fetch the server answers itself, so every call is the caller's own, with its role and
 * practice checked by the same routes as in the browser.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createDOMRenderer, renderToStyleElements, type GriffelRenderer } from '@griffel/react';
import { createStore } from 'jotai';
import { SWRConfig, unstable_serialize } from 'swr';
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { FirstViewRequest } from '../../embed-sdk/contract/widget.js';
import { parseInitOptions } from '../../embed-sdk/config.js';
import { createEventBus, type ChairsideEventMap } from '../../embed-sdk/events.js';
import type { Sdk } from '../../embed-sdk/index.js';
import { createSdk } from '../../embed-sdk/sdk.js';
import { WidgetFrame } from './ElementRoot.js';
import { classesIn, pruneCss } from './pruneCss.js';
import { SdkContext } from './SdkContext.js';
import { firstViewStyleText, type ThemeName } from './theme.js';

/** A cache entry the widget's hooks will find: its SWR key and value. */
export type CacheEntry = readonly [key: readonly unknown[], value: unknown];

export interface FirstViewWidget<P> {
  widget: { Component: ComponentType<P>; attributes: $ZodType<P> };
  /** The data the widget's first render needs, fetched through the SDK; null when it has no first view. */
  data(sdk: Sdk, props: P): Promise<CacheEntry[] | null>;
}

const escapeText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The CSS Griffel collected, in its buckets' order, with only the rules this markup can use
 * (pruneCss); a media bucket's rules stay in their @media blocks. One sheet, not one per bucket: the
 * browser takes each style element as a sheet of its own, and collecting ten of them cost the first
 * view's frame milliseconds. It goes in a plain style element, without Griffel's data-make-styles-*
 * attributes, so the widget's own renderer does not take these rules as inserted (it would, in its
 * shadow root) and leave them out once the first view is gone.
 */
function collectedCss(renderer: GriffelRenderer, used: ReadonlySet<string>): string {
  return renderToStyleElements(renderer)
    .map((element) => {
      const props = element.props as { media?: string; dangerouslySetInnerHTML: { __html: string } };
      const css = pruneCss(props.dangerouslySetInnerHTML.__html, used);
      // Griffel writes a media bucket's rules inside their query already (the style element's media
      // attribute is only its key): wrapped again they would be nested in the same query twice.
      const wrapped = !props.media || css.startsWith(`@media ${props.media}{`);
      return css && !wrapped ? `@media ${props.media}{${css}}` : css;
    })
    .join('');
}

/**
 * The same classes in the same theme need the same CSS (a class name is its rule's hash): recent
 * results are kept, so most first views skip collecting, pruning and filtering it.
 */
const stylesCache = new Map<string, string>();
const STYLES_KEPT = 50;

/** The reset, the theme and the rules for this markup, as one style element. */
function stylesFor(renderer: GriffelRenderer, themeName: ThemeName, html: string): string {
  const classes = classesIn(html);
  const inlineVariables = [...html.matchAll(/var\(--([A-Za-z0-9]+)/g)].map((m) => m[1]!);
  const key = `${themeName}|${[...classes].sort().join(' ')}|${inlineVariables.join(' ')}`;
  let styles = stylesCache.get(key);
  if (styles === undefined) {
    // The theme's values in place of its variables (the widget adopts them all when it runs).
    const inline = new Set(inlineVariables);
    const css = firstViewStyleText(themeName, collectedCss(renderer, classes), (name) => inline.has(name));
    styles = `<style>${escapeText(css)}</style>`;
    if (stylesCache.size >= STYLES_KEPT) stylesCache.delete(stylesCache.keys().next().value!);
    stylesCache.set(key, styles);
  }
  return styles;
}

export async function renderWidgetFirstView<P>(
  entry: FirstViewWidget<P>,
  request: FirstViewRequest,
): Promise<string | null> {
  const parsed = safeParse(entry.widget.attributes, request.attributes);
  if (!parsed.success) return null; // the element explains a bad attribute itself
  const props = parsed.data;
  const sdk = await createSdk(
    parseInitOptions({
      apiBaseUrl: request.apiBaseUrl,
      theme: request.theme,
      auth: { mode: 'token', getToken: () => request.token },
      // Never used (a first view has no realtime and no card entry); given, so the SDK does not
      // ask the server for its public configuration first.
      hubUrl: request.apiBaseUrl,
      cardProviderScriptUrl: request.apiBaseUrl,
    }),
    {
      fetch: request.fetch,
      pageHref: undefined,
      loadRealtime: () => Promise.reject(new Error('A first view has no realtime connection.')),
    },
    createEventBus<ChairsideEventMap>(),
  );
  const entries = await entry.data(sdk, props);
  if (!entries) return null;

  // No document: Griffel collects the CSS in memory (null, not undefined, which would mean the
  // page's document wherever there is one, as in a test's DOM).
  const renderer = createDOMRenderer(null as unknown as undefined);
  const { Component } = entry.widget;
  const fallback = Object.fromEntries(entries.map(([key, value]) => [unstable_serialize(key), value]));
  const html = renderToString(
    <WidgetFrame
      renderer={renderer}
      portalNode={undefined}
      store={createStore()}
      host={{ element: null, instanceId: `${request.tag}-first-view` }}
      tag={request.tag}
    >
      {/* A cache of this render's own: nothing leaks between requests. */}
      <SWRConfig value={{ provider: () => new Map(), fallback }}>
        <SdkContext.Provider value={sdk}>
          <Component {...(props as P & object)} />
        </SdkContext.Provider>
      </SWRConfig>
    </WidgetFrame>,
  );
  return (
    `<div class="chairside-first-view" aria-busy="true">${stylesFor(renderer, request.theme, html)}` +
    `<div class="chairside-root">${html}</div></div>`
  );
}
