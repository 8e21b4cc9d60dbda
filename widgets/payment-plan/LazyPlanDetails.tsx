/**
 * The modal's body loads on demand: its code (pills, alerts, panels, progress, the tabs with the
 * ledger and the schedule) is most of the widget, while the first paint is the modal's frame with
 * its spinner. The modal asks for it as it opens, so it loads while the plan's data does.
 */
import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import type * as Details from './PlanDetails.js';
import { TEXT } from './texts.js';

let loading: Promise<typeof Details> | null = null;

export function preloadPlanDetails() {
  loading ??= import('./PlanDetails.js').catch((error: unknown) => {
    loading = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return loading;
}

const PlanDetails = lazy(() => preloadPlanDetails().then((module) => ({ default: module.PlanDetails })));

export function LazyPlanDetails(props: Details.PlanDetailsProps) {
  return (
    <Suspense fallback={<Spinner label={TEXT.loading} />}>
      <PlanDetails {...props} />
    </Suspense>
  );
}
