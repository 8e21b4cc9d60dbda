/**
 * The modal's body loads on demand: its code (pills, alerts, panels, progress, the tabs with the
 * ledger and the schedule) is most of the widget, while the first paint is the modal's frame with
 * its spinner. The modal asks for it as it opens, so it loads while the plan's data does.
 */
import { Spinner } from '@fluentui/react-components';
import { lazyPart } from '../runtime/lazyPart.js';
import { retryFailure } from '../ui/RetryAlert.js';
import { TEXT } from './texts.js';

export const planDetailsPart = lazyPart(
  () => import('./PlanDetails.js'),
  (module) => module.PlanDetails,
  <Spinner label={TEXT.loading} />,
  retryFailure,
);

export const LazyPlanDetails = planDetailsPart.Component;
