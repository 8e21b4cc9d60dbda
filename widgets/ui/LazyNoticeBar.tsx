/**
 * A notice inside a modal that has nothing to say when it opens (the allocation modal: unavailable,
 * could not load, what the model refused or the menu confirmed): Fluent's MessageBar loads with the
 * first notice, or ahead of it (`noticeBarPart.prefetch`), not with the modal. Until its code is here,
 * and if it cannot load, the same words show as plain text, as the runtime's banners do
 * (runtime/LazyMessages.tsx), so a notice is never blank.
 */
import type { ReactNode } from 'react';
import { lazyPart } from '../runtime/lazyPart.js';

export interface NoticeBarProps {
  intent: 'info' | 'success' | 'warning' | 'error';
  title?: string;
  role?: 'alert' | 'status';
  children: ReactNode;
}

const plainNoticeBar = (props: NoticeBarProps) => (
  <div role={props.role}>
    {props.title ? <strong>{props.title} </strong> : null}
    {props.children}
  </div>
);

export const noticeBarPart = lazyPart(
  () => import('./NoticeBar.js'),
  (module) => module.NoticeBar,
  plainNoticeBar,
  plainNoticeBar,
);

export const LazyNoticeBar = noticeBarPart.Component;
