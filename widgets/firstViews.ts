/**
 * The server-rendered first views (built into dist/ssr/first-views.js; the server loads it and
 * answers GET /api/widget/firstView with it). A widget has one when its definition says `firstView`;
 * a test keeps this list and the definitions in step.
 */
import type { FirstViewRenderer } from '../embed-sdk/contract/widget.js';
import { renderWidgetFirstView, type FirstViewWidget } from './runtime/renderFirstView.js';

export const firstViews: Record<string, () => Promise<FirstViewWidget<never>>> = {
  'chairside-patient-search': async () => {
    const [{ default: widget }, { patientSearchFirstView }] = await Promise.all([
      import('./patient-search/element.js'),
      import('./patient-search/firstView.js'),
    ]);
    return { widget, data: patientSearchFirstView } as unknown as FirstViewWidget<never>;
  },
};

/** Each widget's modules, imported once: an import() per request costs the server's loader a round. */
const loaded = new Map<string, Promise<FirstViewWidget<never>>>();

export const renderFirstView: FirstViewRenderer['renderFirstView'] = async (request) => {
  const load = firstViews[request.tag];
  if (!load) return null;
  let widget = loaded.get(request.tag);
  if (!widget) {
    widget = load();
    loaded.set(request.tag, widget);
    widget.catch(() => loaded.delete(request.tag));
  }
  return renderWidgetFirstView(await widget, request);
};
