/** Fluent's MessageBar for a notice inside a modal (LazyNoticeBar.tsx loads it when there is one). */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { NoticeBarProps } from './LazyNoticeBar.js';

export function NoticeBar({ intent, title, role, children }: NoticeBarProps) {
  return (
    <MessageBar intent={intent} layout="multiline" role={role}>
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {children}
      </MessageBarBody>
    </MessageBar>
  );
}
