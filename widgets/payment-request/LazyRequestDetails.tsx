/**
 * The modal's body loads on demand: its code (the pills with their tooltip, the panels, the actions
 * with their confirmation, the timeline, the Payment Activity table) is most of the widget, while
 * the first paint is the modal's frame with its spinner. The modal asks for it as it opens, so it
 * loads while the request's data does.
 */
import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import type * as Details from './RequestDetails.js';
import { TEXT } from './texts.js';

let loading: Promise<typeof Details> | null = null;

export function preloadRequestDetails() {
  loading ??= import('./RequestDetails.js').catch((error: unknown) => {
    loading = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return loading;
}

const RequestDetails = lazy(() =>
  preloadRequestDetails().then((module) => ({ default: module.RequestDetails })),
);

export function LazyRequestDetails(props: Details.RequestDetailsProps) {
  return (
    <Suspense fallback={<Spinner label={TEXT.loading} />}>
      <RequestDetails {...props} />
    </Suspense>
  );
}
