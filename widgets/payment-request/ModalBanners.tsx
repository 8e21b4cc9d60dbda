/**
 * The element's own banners ('Reminder Sent', 'Copied to clipboard', …) inside its modal. An
 * embedded widget shows its banners above its content, which the modal covers; here they show
 * where the person is looking. In the portal the page's banner stack shows them, so none show here.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback } from 'react';
import type { BannerDetail } from '../../embed-sdk/events.js';
import { BannerBar } from '../runtime/BannerStack.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useBannerStack } from '../runtime/useBanners.js';
import { useWidgetHost } from '../runtime/WidgetHostContext.js';

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export function ModalBanners() {
  const styles = useStyles();
  const sdk = useSdk();
  const { element, instanceId } = useWidgetHost();
  const subscribe = useCallback((handler: (d: BannerDetail) => void) => sdk.on('banner', handler), [sdk]);
  const accept = useCallback(
    (detail: BannerDetail) => element !== null && detail.origin === instanceId,
    [element, instanceId],
  );
  const { banners, dismiss } = useBannerStack(subscribe, accept);
  if (banners.length === 0) return null;
  return (
    <div className={styles.area} aria-live="polite">
      {banners.map((b) => (
        <BannerBar key={b.id} banner={b} onDismiss={() => dismiss(b.id)} />
      ))}
    </div>
  );
}
