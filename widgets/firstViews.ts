/**
 * The server-rendered first views (built into dist/ssr/first-views.js; the server loads it and
 * answers GET /api/widget/firstView with it). A widget has one when its definition says `firstView`;
 * a test keeps this list and the definitions in step.
 */
import type { FirstViewRenderer } from '../embed-sdk/contract/widget.js';
import { onceUnlessFailed } from '../embed-sdk/onceUnlessFailed.js';
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

/**
 * Each widget's modules, imported once (again after a failure): an import() per request costs the
 * server's module loader a round.
 */
const loaders = Object.fromEntries(
  Object.entries(firstViews).map(([tag, load]) => [tag, onceUnlessFailed(load)]),
);

export const renderFirstView: FirstViewRenderer['renderFirstView'] = async (request) => {
  const load = loaders[request.tag];
  return load ? renderWidgetFirstView(await load(), request) : null;
};
