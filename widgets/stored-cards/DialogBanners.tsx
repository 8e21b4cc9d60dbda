/**
 * The widget's own banners, inside its dialog. An embedded widget shows its banners above its
 * content, which the modal dialog covers; while the dialog is open they show here too, where the
 * person is looking. (In the portal the page's banner stack shows them above everything.)
 *
 * The dialog keeps the stack (useDialogBanners) and each view shows it (DialogBanners), so a banner
 * stays when the view changes: 'Deleted' remains on screen when removing the last card leads to
 * collecting a new one.
 */
import { createContext, useCallback, useContext } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { BannerDetail } from '../../embed-sdk/events.js';
import { BannerBar } from '../runtime/BannerStack.js';
import { useSdk } from '../runtime/SdkContext.js';
import { useBannerStack, type Banner } from '../runtime/useBanners.js';
import { useWidgetHost } from '../runtime/WidgetHostContext.js';

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

interface DialogBannerStack {
  banners: Banner[];
  dismiss: (id: number) => void;
}

export const DialogBannersContext = createContext<DialogBannerStack>({
  banners: [],
  dismiss: () => undefined,
});

/** The banners this widget raises while its dialog is open (none in the portal, which shows them itself). */
export function useDialogBanners(): DialogBannerStack {
  const sdk = useSdk();
  const { element, instanceId } = useWidgetHost();
  const subscribe = useCallback((handler: (d: BannerDetail) => void) => sdk.on('banner', handler), [sdk]);
  const accept = useCallback(
    (detail: BannerDetail) => element !== null && detail.origin === instanceId,
    [element, instanceId],
  );
  return useBannerStack(subscribe, accept);
}

export function DialogBanners() {
  const styles = useStyles();
  const { banners, dismiss } = useContext(DialogBannersContext);
  if (banners.length === 0) return null;
  return (
    <div className={styles.area} aria-live="polite">
      {banners.map((b) => (
        <BannerBar key={b.id} banner={b} onDismiss={() => dismiss(b.id)} />
      ))}
    </div>
  );
}
