/**
 * What a widget component may know about where it runs: inside a custom element (with a host
 * element to dispatch events from) or placed directly by the portal.
 */
import { createContext, useContext } from 'react';

export interface WidgetHost {
  /** The custom element, when running as one. */
  element: HTMLElement | null;
  /** Identifies this widget instance, so its banners show in its own banner area. */
  instanceId: string;
  /**
   * The widget now shows at least what its server-rendered first view showed: the element swaps
   * the first view for it (firstView.ts). Absent when there is no first view.
   */
  settled?: () => void;
}

export const WidgetHostContext = createContext<WidgetHost>({ element: null, instanceId: 'portal' });

export function useWidgetHost() {
  return useContext(WidgetHostContext);
}
