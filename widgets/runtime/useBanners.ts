/**
 * Banners as the spec describes them: success and error messages that close after 5000 ms or on
 * click. Widgets raise them with `useNotify()`; a banner area (an embedded widget's own, or the
 * portal's top-centre stack) shows them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BannerDetail, Sdk } from '../../embed-sdk/index.js';
import { useWidgetHost } from './WidgetHostContext.js';
import { useSdk } from './SdkContext.js';

export const BANNER_TIMEOUT_MS = 5000;

export interface Banner extends BannerDetail {
  id: number;
}

let nextId = 0;

/**
 * The banners the SDK raises that `accept` lets through, each removed after 5000 ms or by `dismiss`.
 */
export function useBannerStack(sdk: Pick<Sdk, 'on'>, accept: (detail: BannerDetail) => boolean = () => true) {
  const [banners, setBanners] = useState<Banner[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const acceptRef = useRef(accept);
  acceptRef.current = accept;

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setBanners((list) => list.filter((b) => b.id !== id));
  }, []);

  useEffect(() => {
    const pendingTimers = timers.current;
    const unsubscribe = sdk.on('banner', (detail) => {
      if (!acceptRef.current(detail)) return;
      const id = ++nextId;
      setBanners((list) => [...list, { ...detail, id }]);
      pendingTimers.set(
        id,
        setTimeout(() => dismiss(id), BANNER_TIMEOUT_MS),
      );
    });
    return () => {
      unsubscribe();
      for (const timer of pendingTimers.values()) clearTimeout(timer);
      pendingTimers.clear();
    };
  }, [sdk, dismiss]);

  return { banners, dismiss };
}

/** Raises a banner from a widget: it shows in that widget when embedded, and in the portal's stack. */
export function useNotify() {
  const sdk = useSdk();
  const { element, instanceId } = useWidgetHost();
  return useCallback(
    (detail: BannerDetail) => sdk.events.emit('banner', element ? { ...detail, origin: instanceId } : detail),
    [sdk, element, instanceId],
  );
}
