/** A stack of banners (Fluent MessageBars); click one to close it. Used by widgets and the portal. */
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import type { Banner } from './useBanners.js';

const useStyles = makeStyles({
  bar: { cursor: 'pointer', whiteSpace: 'pre-line', boxShadow: tokens.shadow8 },
});

const INTENT = { success: 'success', danger: 'error', warning: 'warning', info: 'info' } as const;

export interface BannerBarProps {
  banner: Banner;
  onDismiss: () => void;
  className?: string;
}

export function BannerBar({ banner, onDismiss, className }: BannerBarProps) {
  const styles = useStyles();
  return (
    <MessageBar
      intent={INTENT[banner.intent]}
      layout="multiline"
      className={className ? `${styles.bar} ${className}` : styles.bar}
      onClick={onDismiss}
      role={banner.intent === 'danger' ? 'alert' : 'status'}
      title="Click to close"
    >
      <MessageBarBody>
        {banner.title ? <MessageBarTitle>{banner.title}</MessageBarTitle> : null}
        {banner.message}
      </MessageBarBody>
    </MessageBar>
  );
}
