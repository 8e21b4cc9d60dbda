/**
 * Everything around a widget inside its custom element: Griffel's shadow-DOM renderer, Fluent
 * without a theme provider (the theme's variables are adopted on :host), portals mounted in the
 * shadow root, the element's own Jotai store, the SDK, the sign-in gate, the widget's banners, and
 * the explained states for a bad attribute, a missing init, or a crash.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { PortalMountNodeProvider, RendererProvider, Spinner } from '@fluentui/react-components';
import { ThemelessFluentProvider } from '@fluentui-contrib/react-themeless-provider';
import type { GriffelRenderer } from '@griffel/react';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { safeParse, type $ZodError, type $ZodType } from 'zod/v4/core';
import type { Sdk } from '../../embed-sdk/index.js';
import type { WidgetDefinition } from './definition.js';
import type { WidgetAttributes } from './element.js';
import { pageSdk, type NotInitialisedError } from '../../embed-sdk/page.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Settled } from './firstView.js';
import { LazyErrorState } from './LazyMessages.js';
import { revalidateOnReconnect } from './revalidateOnReconnect.js';
import { scopeSdk, SdkContext } from './SdkContext.js';
import { SignInGate } from './SignInGate.js';
import type { ThemeName } from './theme.js';
import { WidgetBanners } from './WidgetBanners.js';
import { WidgetHostContext, type WidgetHost } from './WidgetHostContext.js';

type SdkState =
  | { status: 'loading' }
  | { status: 'waiting'; message: string }
  | { status: 'ready'; sdk: Sdk }
  | { status: 'failed'; message: string };

function useElementSdk(origin: string): SdkState {
  const [state, setState] = useState<SdkState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    pageSdk((waiting: NotInitialisedError) => {
      console.error(waiting.message);
      if (live) setState({ status: 'waiting', message: waiting.message });
    }).then(
      (sdk) => {
        revalidateOnReconnect(sdk.events);
        if (live) setState({ status: 'ready', sdk: scopeSdk(sdk, origin) });
      },
      (error: unknown) =>
        live &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [origin]);
  return state;
}

/** The zod issues of a bad attribute, as one sentence per attribute. */
function describeAttributeProblems(tag: string, error: $ZodError): string {
  return error.issues
    .map((issue) => `The ${String(issue.path[0] ?? 'attribute')} attribute of <${tag}>: ${issue.message}`)
    .join(' ');
}

export interface ElementRootProps {
  definition: WidgetDefinition;
  attributes: WidgetAttributes;
  schema: $ZodType;
  renderer: GriffelRenderer;
  store: ReturnType<typeof createStore>;
  portalNode: HTMLElement;
  host: WidgetHost;
  applyTheme: (fallback: ThemeName) => void;
  render: (props: unknown) => ReactNode;
}

export function ElementRoot(props: ElementRootProps) {
  const { definition, attributes, schema, renderer, store, portalNode, host, applyTheme, render } = props;
  const sdkState = useElementSdk(host.instanceId);
  const sdkTheme = sdkState.status === 'ready' ? sdkState.sdk.config.theme : undefined;
  useEffect(() => applyTheme(sdkTheme ?? 'light'), [applyTheme, sdkTheme]);

  const parsed = useMemo(() => safeParse(schema, attributes), [schema, attributes]);
  const attributeError = parsed.success ? null : describeAttributeProblems(definition.tag, parsed.error);
  useEffect(() => {
    if (attributeError) console.error(attributeError);
  }, [attributeError]);

  let content: ReactNode;
  if (attributeError) {
    content = (
      <Settled>
        <LazyErrorState title="This widget is set up wrongly" message={attributeError} />
      </Settled>
    );
  } else if (sdkState.status === 'waiting' || sdkState.status === 'failed') {
    content = (
      <Settled>
        <LazyErrorState title="Chairside could not start" message={sdkState.message} />
      </Settled>
    );
  } else if (sdkState.status === 'loading') {
    content = <Spinner size="tiny" label="Loading…" />;
  } else {
    content = (
      <SdkContext.Provider value={sdkState.sdk}>
        <WidgetBanners origin={host.instanceId} />
        <SignInGate>{render(parsed.data)}</SignInGate>
      </SdkContext.Provider>
    );
  }

  return (
    <WidgetFrame renderer={renderer} portalNode={portalNode} store={store} host={host} tag={definition.tag}>
      {content}
    </WidgetFrame>
  );
}

export interface WidgetFrameProps {
  renderer: GriffelRenderer;
  /** Where portals mount (in the browser: the element's shadow root's portal node). */
  portalNode: HTMLElement | undefined;
  store: ReturnType<typeof createStore>;
  host: WidgetHost;
  tag: string;
  children: ReactNode;
}

/**
 * The providers around a widget's content, the same in the element and in the server's first view
 * (so both render the same markup): Griffel's renderer, Fluent without a theme provider, the portal
 * node, the element's Jotai store, the host, and the crash boundary.
 */
export function WidgetFrame({ renderer, portalNode, store, host, tag, children }: WidgetFrameProps) {
  // RendererProvider "rehydrates" from the [data-make-styles-bucket] elements of its target (the
  // page's document by default): on a host page that uses Fluent UI itself, the widget's renderer
  // would take the page's rules as already inserted and leave them out of the shadow root, where
  // the page's stylesheets do not reach. Its own shadow root is the only place to look.
  // On the server there is no document at all.
  const shadowRoot = portalNode?.getRootNode() as ShadowRoot | undefined;
  return (
    <RendererProvider renderer={renderer} targetDocument={shadowRoot as unknown as Document | undefined}>
      <ThemelessFluentProvider>
        <PortalMountNodeProvider value={portalNode}>
          <JotaiProvider store={store}>
            <WidgetHostContext.Provider value={host}>
              <ErrorBoundary tag={tag}>{children}</ErrorBoundary>
            </WidgetHostContext.Provider>
          </JotaiProvider>
        </PortalMountNodeProvider>
      </ThemelessFluentProvider>
    </RendererProvider>
  );
}
