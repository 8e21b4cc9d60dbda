/**
 * The details modal's body loads on demand: the modal's frame paints first (its title, Close and a
 * spinner), and asks for the body's code as it opens, while the transaction's data loads.
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
