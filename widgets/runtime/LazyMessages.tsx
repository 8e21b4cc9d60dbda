/**
 * Fluent's MessageBar (a tenth of a widget's first download) loads only when there is something to
 * say: a banner, or the explained state of a widget that cannot work. Until its code is here (a few
 * milliseconds), and if it cannot load, the same words show as plain text, so nothing is ever blank
 * or silent.
 */
import type { BannerBarProps } from './BannerStack.js';
import { lazyPart } from './lazyPart.js';

interface ErrorStateProps {
  title: string;
  message: string;
}

const plainErrorState = (props: ErrorStateProps) => (
  <div role="alert">
    <strong>{props.title}</strong> {props.message}
  </div>
);

export const LazyErrorState = lazyPart(
  () => import('./ErrorState.js'),
  (module) => module.ErrorState,
  plainErrorState,
  plainErrorState,
).Component;

const plainBannerBar = (props: BannerBarProps) => (
  <div role={props.banner.intent === 'danger' ? 'alert' : 'status'}>
    {props.banner.title ? <strong>{props.banner.title} </strong> : null}
    {props.banner.message}
  </div>
);

export const LazyBannerBar = lazyPart(
  () => import('./BannerStack.js'),
  (module) => module.BannerBar,
  plainBannerBar,
  plainBannerBar,
).Component;
