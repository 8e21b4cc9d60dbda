/**
 * The portal's success and error banners (spec part 1, sections 2 and 9): at the top centre, closed
 * after 5000 ms or on click, stacked 20 px from the top with 10 px between items. The portal shows
 * every banner the SDK and the widgets raise, in one place.
 *
 * The stack lives in an element of its own at the top of the page, one that Fluent's modals leave
 * alone: an open dialog hides the rest of the page from screen readers (aria-hidden), and a banner
 * raised from a dialog ("Reminder Sent") must still be announced. The stack sits in a live region
 * that is there before any banner is: screen readers announce what is added to a live region they
 * know, not one that arrives together with its text.
 */
import { useLayoutEffect, useState } from 'react';
import { makeStyles, Portal, tokens, useFluent, useThemeClassName } from '@fluentui/react-components';
import { useDangerousNeverHidden_unstable as useNeverHidden } from '@fluentui/react-tabster';
import type { Sdk } from '../../../embed-sdk/index.js';
import { BannerBar } from '../../../widgets/runtime/BannerStack.js';
import { useBannerStack } from '../../../widgets/runtime/useBanners.js';

export const BANNER_STACK_TOP_PX = 20;
export const BANNER_STACK_GAP_PX = 10;

const useStyles = makeStyles({
  stack: {
    position: 'fixed',
    top: `${BANNER_STACK_TOP_PX}px`,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 1000100,
    display: 'flex',
    flexDirection: 'column',
    gap: `${BANNER_STACK_GAP_PX}px`,
    width: 'min(560px, calc(100vw - 32px))',
    pointerEvents: 'none',
  },
  // The stack lets clicks through between banners; the banners themselves take them (a click closes one).
  item: { pointerEvents: 'auto', borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow16 },
});

/**
 * A child of the page's body in the portal's theme (its tokens and direction, as Fluent gives its
 * own portals) that Fluent's modalizer never hides: it spares only top-level elements.
 */
function useNeverHiddenLayer(): HTMLElement | null {
  const neverHidden = useNeverHidden();
  const themeClassName = useThemeClassName();
  const { dir } = useFluent();
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = document.createElement('div');
    for (const [name, value] of Object.entries(neverHidden)) element.setAttribute(name, value);
    document.body.append(element);
    setLayer(element);
    return () => element.remove();
  }, [neverHidden]);
  useLayoutEffect(() => {
    if (!layer) return;
    layer.className = themeClassName;
    layer.dir = dir;
  }, [layer, themeClassName, dir]);
  return layer;
}

export function PortalBanners({ sdk }: { sdk: Pick<Sdk, 'on'> }) {
  const styles = useStyles();
  const layer = useNeverHiddenLayer();
  const { banners, dismiss } = useBannerStack(sdk);
  if (!layer) return null;
  return (
    <Portal mountNode={layer}>
      <div aria-live="polite" data-testid="banner-live-region">
        {banners.length > 0 ? (
          <section className={styles.stack} aria-label="Messages" data-testid="banner-stack">
            {banners.map((banner) => (
              <div key={banner.id} className={styles.item}>
                <BannerBar banner={banner} onDismiss={() => dismiss(banner.id)} />
              </div>
            ))}
          </section>
        ) : null}
      </div>
    </Portal>
  );
}
