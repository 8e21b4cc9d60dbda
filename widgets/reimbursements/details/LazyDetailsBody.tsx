/**
 * Reimbursement Details' body loads on demand while the reimbursement's data does: the modal's frame
 * (Fluent's dialog, shared with the other modal widgets) paints first, with its spinner.
 */
import { Spinner } from '@fluentui/react-components';
import { lazyPart } from '../../runtime/lazyPart.js';
import { retryFailure } from '../../ui/RetryAlert.js';
import { DETAILS_TEXT } from '../texts.js';

export const detailsBodyPart = lazyPart(
  () => import('./DetailsBody.js'),
  (module) => module.DetailsBody,
  <Spinner label={DETAILS_TEXT.loading} />,
  retryFailure,
);

export const LazyDetailsBody = detailsBodyPart.Component;
