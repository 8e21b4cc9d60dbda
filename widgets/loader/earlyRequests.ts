/**
 * What embed.js knows of a widget besides where its code is: the requests it starts for the widget
 * before that code arrives. The build writes it from the widgets' definitions. The loader carries
 * no widget's attribute list (the widget's own chunk does), only the names these requests read.
 */
import { attributeNames, type PrefetchRule, type WidgetDefinition } from '../runtime/definition.js';

export interface EarlyRequests {
  /** The widget's first GETs (WidgetDefinition.prefetch). */
  prefetch?: readonly PrefetchRule[];
  /**
   * The server's first view (WidgetDefinition.firstView): the attributes it is rendered from (all
   * the widget's), and those without which there is nothing worth rendering ahead.
   */
  firstView?: { attributes: readonly string[]; requires?: readonly string[] };
}

/** Tag → its early requests, for the widgets that have any. */
export function earlyRequests(definitions: readonly WidgetDefinition[]): Record<string, EarlyRequests> {
  const out: Record<string, EarlyRequests> = {};
  for (const definition of definitions) {
    const { prefetch, firstView } = definition;
    if (!prefetch && !firstView) continue;
    out[definition.tag] = {
      ...(prefetch ? { prefetch } : {}),
      ...(firstView ? { firstView: { ...firstView, attributes: attributeNames(definition) } } : {}),
    };
  }
  return out;
}
