/** An embedded widget's own banner area: the messages its own actions caused, above its content. */
import { useCallback } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { BannerDetail } from '../../embed-sdk/index.js';
import { LazyBannerBar } from './LazyMessages.js';
import { useSdk } from './SdkContext.js';
import { useBannerStack } from './useBanners.js';

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  withContent: { marginBottom: tokens.spacingVerticalM },
});

export function WidgetBanners({ origin }: { origin: string }) {
  const sdk = useSdk();
  const styles = useStyles();
  const accept = useCallback((detail: BannerDetail) => detail.origin === origin, [origin]);
  const { banners, dismiss } = useBannerStack(sdk, accept);
  if (banners.length === 0) return null;
  return (
    <div className={`${styles.area} ${styles.withContent}`} aria-live="polite">
      {banners.map((b) => (
        <LazyBannerBar key={b.id} banner={b} onDismiss={() => dismiss(b.id)} />
      ))}
    </div>
  );
}
