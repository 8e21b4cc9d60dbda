/**
 * The modal's body loads on demand: its code (pills, alerts, panels, tabs) is most of the widget,
 * while the first paint is the modal's frame with its spinner. The modal asks for it as it opens,
 * so it loads while the membership's data does.
 */
import { Spinner } from '@fluentui/react-components';
import { lazyPart } from '../runtime/lazyPart.js';
import { retryFailure } from '../ui/RetryAlert.js';
import { FRAME_TEXT } from './frameTexts.js';

export const membershipDetailsPart = lazyPart(
  () => import('./MembershipDetails.js'),
  (module) => module.MembershipDetails,
  <Spinner label={FRAME_TEXT.loading} />,
  retryFailure,
);

export const LazyMembershipDetails = membershipDetailsPart.Component;
