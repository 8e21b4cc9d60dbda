/**
 * What a widget is, as data: its tag, its attributes and the events it dispatches. The element
 * observes the attributes named here once the widget's code (which carries its definition) has
 * arrived, `defineWidget` parses attributes by these names, the build writes the loader's early
 * requests and generates the TypeScript declarations and custom-elements.json from them, so none
 * can drift. No React and no zod here: the element registration (in embed.js) imports this file.
 */
import type { PrefetchRule } from '../../embed-sdk/prefetch.js';

export type { PrefetchRule };

export interface AttributeDoc {
  description: string;
  /** The TypeScript type of the attribute's value, for the generated declarations (e.g. `'1' | '2' | '3'`). */
  type: string;
  required?: boolean;
  default?: string;
}

export interface EventDoc {
  description: string;
  /** The detail's type name in `WidgetEventMap` (embed-sdk/events.ts). */
  detail: string;
}

export interface WidgetDefinition<A extends string = string, E extends string = string> {
  tag: `chairside-${string}`;
  description: string;
  /** Keyed by attribute name (kebab-case). Every widget also takes `theme`. */
  attributes: Record<A, AttributeDoc>;
  events: Record<E, EventDoc>;
  /**
   * The GETs the widget makes on its first render, which the loader starts as soon as the element
   * appears, while the widget's code is still loading (embed-sdk/prefetch.ts). The widget's tests
   * check that these are exactly the URLs it requests.
   */
  prefetch?: readonly PrefetchRule[];
  /**
   * The server renders this widget's first view (widgets/firstViews.ts): with a host-supplied token
   * the loader asks for it at once and shows it until the widget's code has loaded and caught up.
   * `requires` names the attributes without which there is nothing worth rendering ahead.
   */
  firstView?: { requires?: readonly string[] };
  /**
   * The element's code, as a path under widgets/ without `.ts`, when it is not
   * `<tag without "chairside-">/element`: a capability with two elements keeps the second in its own
   * folder (`transactions/detailsElement` for <chairside-transaction-details>), and an element that
   * places two capabilities sits above them (`paymentPlanElement` and `membershipBillingElement`: the
   * plan and the membership with the transactions' Refund / Void form).
   */
  entry?: string;
}

export function describeWidget<const A extends string, const E extends string>(
  definition: WidgetDefinition<A, E>,
): WidgetDefinition<A, E> {
  return definition;
}

/** The module (under widgets/, without `.ts`) whose default export is the element's implementation. */
export function widgetEntry(definition: Pick<WidgetDefinition, 'tag' | 'entry'>): string {
  return definition.entry ?? `${definition.tag.replace(/^chairside-/, '')}/element`;
}

/** The attribute every widget has. */
export const THEME_ATTRIBUTE: AttributeDoc = {
  description: "Light or dark. Defaults to the SDK's theme setting.",
  type: "'light' | 'dark'",
};

export function attributeNames(definition: WidgetDefinition): string[] {
  return ['theme', ...Object.keys(definition.attributes).filter((a) => a !== 'theme')];
}

/** `customer-id` → `customerId`: the element's property for an attribute (element.ts). */
export function camelCase(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
