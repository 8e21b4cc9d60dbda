/**
 * Fluent's MessageBar (a tenth of a widget's first download) loads only when there is something to
 * say: a banner, or the explained state of a widget that cannot work. Until its code is here (a few
 * milliseconds), the same words show as plain text, so nothing is ever blank or silent.
 */
import { lazy, Suspense } from 'react';
import type { BannerBarProps } from './BannerStack.js';

const BannerBarCode = lazy(() => import('./BannerStack.js').then((m) => ({ default: m.BannerBar })));
const ErrorStateCode = lazy(() => import('./ErrorState.js').then((m) => ({ default: m.ErrorState })));

export function LazyErrorState(props: { title: string; message: string }) {
  return (
    <Suspense
      fallback={
        <div role="alert">
          <strong>{props.title}</strong> {props.message}
        </div>
      }
    >
      <ErrorStateCode {...props} />
    </Suspense>
  );
}

export function LazyBannerBar(props: BannerBarProps) {
  return (
    <Suspense
      fallback={
        <div role={props.banner.intent === 'danger' ? 'alert' : 'status'}>
          {props.banner.title ? <strong>{props.banner.title} </strong> : null}
          {props.banner.message}
        </div>
      }
    >
      <BannerBarCode {...props} />
    </Suspense>
  );
}
