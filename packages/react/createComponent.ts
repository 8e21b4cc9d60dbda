/**
 * @chairside/react's one factory: a typed React component for a <chairside-*> element. Its props
 * are the element's attributes (camelCase, typed as the generated declarations type them) and one
 * `on<Event>` handler per event, all read from the types generated from the widget definitions, so
 * a new attribute or event reaches every component with nothing to edit here.
 * The element renders only in the browser: on the server (and in the hydration pass) it renders
 * nothing, as the element would have no code there. Its listeners are added after mount, read the
 * latest handlers, and are removed on unmount (strict mode's second mount adds them once again).
 * Hand-written rather than React 19's own `on<event>` props: those need the event's exact name
 * (`onpatient-selected`), which is not a prop a React developer expects.
 */
import {
  createElement,
  useEffect,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type ReactElement,
} from 'react';
import type { ChairsideElements, ChairsideWidgetEventMap } from '@chairside/embed';

export type ChairsideTag = keyof ChairsideElements;

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

type AttributesOf<T extends ChairsideTag> = ChairsideElements[T]['attributes'];
type EventsOf<T extends ChairsideTag> = ChairsideElements[T]['events'];

/** `patient-selected` → `onPatientSelected`. */
export type EventProp<E extends string> = `on${Capitalize<Camel<E>>}`;

export type ChairsideComponentProps<T extends ChairsideTag> = {
  [A in keyof AttributesOf<T> as Camel<A & string>]: AttributesOf<T>[A];
} & {
  [E in EventsOf<T> as EventProp<E & string>]?: (
    event: ChairsideWidgetEventMap[E & keyof ChairsideWidgetEventMap],
  ) => void;
} & { id?: string; className?: string; style?: CSSProperties };

export type ChairsideComponent<T extends ChairsideTag> = ((
  props: ChairsideComponentProps<T>,
) => ReactElement | null) & { displayName: string };

const subscribeNever = () => () => undefined;
const kebab = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const eventProp = (event: string) =>
  `on${event.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase())}`;

export function createComponent<T extends ChairsideTag>(
  tag: T,
  displayName: string,
  events: readonly EventsOf<T>[],
): ChairsideComponent<T> {
  const handlerProps = new Map(events.map((event) => [eventProp(event as string), event as string]));
  function Component(props: ChairsideComponentProps<T>) {
    // false on the server and while hydrating, true once mounted in a browser.
    const inBrowser = useSyncExternalStore(
      subscribeNever,
      () => true,
      () => false,
    );
    const ref = useRef<HTMLElement>(null);
    const handlers = useRef<Record<string, unknown>>({});
    useEffect(() => {
      handlers.current = props as Record<string, unknown>;
    });
    useEffect(() => {
      const element = ref.current;
      if (!element) return undefined;
      const listeners = [...handlerProps].map(([prop, event]) => {
        const listener = (e: Event) => {
          const handler = handlers.current[prop];
          if (typeof handler === 'function') (handler as (event: Event) => void)(e);
        };
        element.addEventListener(event, listener);
        return () => element.removeEventListener(event, listener);
      });
      return () => listeners.forEach((remove) => remove());
    }, [inBrowser]);
    if (!inBrowser) return null;
    const attributes: Record<string, unknown> = { ref };
    for (const [prop, value] of Object.entries(props as Record<string, unknown>)) {
      if (handlerProps.has(prop) || value === undefined || value === null) continue;
      if (prop === 'className' || prop === 'style' || prop === 'id') attributes[prop] = value;
      else attributes[kebab(prop)] = String(value);
    }
    return createElement(tag, attributes);
  }
  Component.displayName = displayName;
  return Component;
}
