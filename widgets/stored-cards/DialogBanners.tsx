/**
 * The widget's own banners inside its dialog (runtime/OwnBanners.tsx). The dialog keeps the stack
 * (useDialogBanners) and each view shows it (DialogBanners), so a banner stays when the view
 * changes: 'Deleted' remains on screen when removing the last card leads to collecting a new one.
 */
import { createContext, useContext } from 'react';
import { BannerColumn, useOwnBanners, type OwnBannerStack } from '../runtime/OwnBanners.js';

export const DialogBannersContext = createContext<OwnBannerStack>({
  banners: [],
  dismiss: () => undefined,
});

/** The banners this widget raises while its dialog is open (none in the portal, which shows them itself). */
export const useDialogBanners = useOwnBanners;

export function DialogBanners() {
  return <BannerColumn {...useContext(DialogBannersContext)} />;
}
