/**
 * The modal's body loads on demand: its code (the pills with their tooltip, the panels, the actions
 * with their confirmation, the timeline, the Payment Activity table) is most of the widget, while
 * the first paint is the modal's frame with its spinner. The modal asks for it as it opens, so it
 * loads while the request's data does.
 */
import { Spinner } from '@fluentui/react-components';
import { lazyPart } from '../runtime/lazyPart.js';
import { retryFailure } from '../ui/RetryAlert.js';
import { TEXT } from './texts.js';

export const requestDetailsPart = lazyPart(
  () => import('./RequestDetails.js'),
  (module) => module.RequestDetails,
  <Spinner label={TEXT.loading} />,
  retryFailure,
);

export const LazyRequestDetails = requestDetailsPart.Component;
