/**
 * The banners a widget raises itself ('Reminder Sent', 'Deleted', …), shown inside its own modal or
 * dialog. An embedded widget shows its banners above its content, which a modal covers; while one is
 * open they show there too, where the person is looking. In the portal the page's banner stack shows
 * them above everything, so none show here.
 */
import { useCallback } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { BannerDetail } from '../../embed-sdk/events.js';
import { BannerBar } from './BannerStack.js';
import { useSdk } from './SdkContext.js';
import { useBannerStack, type Banner } from './useBanners.js';
import { useWidgetHost } from './WidgetHostContext.js';

export interface OwnBannerStack {
  banners: Banner[];
  dismiss: (id: number) => void;
}

/** This element's own banners (none in the portal, which shows them itself). */
export function useOwnBanners(): OwnBannerStack {
  const sdk = useSdk();
  const { element, instanceId } = useWidgetHost();
  const accept = useCallback(
    (detail: BannerDetail) => element !== null && detail.origin === instanceId,
    [element, instanceId],
  );
  return useBannerStack(sdk, accept);
}

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** A stack's banners in a column, announced politely; nothing when there are none. */
export function BannerColumn({ banners, dismiss }: OwnBannerStack) {
  const styles = useStyles();
  if (banners.length === 0) return null;
  return (
    <div className={styles.area} aria-live="polite">
      {banners.map((b) => (
        <BannerBar key={b.id} banner={b} onDismiss={() => dismiss(b.id)} />
      ))}
    </div>
  );
}

/** This element's own banners, where it is placed (inside its modal). */
export function OwnBanners() {
  return <BannerColumn {...useOwnBanners()} />;
}
