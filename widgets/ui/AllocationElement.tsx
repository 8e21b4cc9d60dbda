/**
 * The allocation modal on a host page: <chairside-allocation> placed by its tag. The loader defines
 * every tag and fetches the element's code the first time one appears, so a widget that opens the
 * modal does not carry its code. Its outputs come back as the element's DOM events. The portal does
 * not load the loader: it hands its own Allocator in (the component, loaded on demand).
 */
import { createElement, useEffect, useRef } from 'react';
import type { WidgetEventMap } from '../../embed-sdk/events.js';
import { useWidgetHost } from '../runtime/WidgetHostContext.js';
import type { AllocatorProps } from './allocation.js';

const TAG = 'chairside-allocation';

export const ALLOCATION_ELEMENT_TEXT = {
  missing:
    'Procedure allocation cannot open on this page: it needs Chairside’s embed.js, which defines <chairside-allocation>.',
};

type Outputs = Pick<AllocatorProps, 'onAllocationSaved' | 'onAllocationChosen' | 'onAllocationClosed'>;

const EVENTS: { [K in keyof Outputs]-?: keyof WidgetEventMap } = {
  onAllocationSaved: 'allocation-saved',
  onAllocationChosen: 'allocation-chosen',
  onAllocationClosed: 'allocation-closed',
};

export function AllocationElement(props: AllocatorProps) {
  const ref = useRef<HTMLElement>(null);
  const host = useWidgetHost();
  // The latest callbacks, without re-adding the listeners on each render.
  const outputs = useRef<Outputs>(props);
  outputs.current = props;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listeners = Object.entries(EVENTS).map(([prop, name]) => {
      const listener = (event: Event) => {
        // Our own element's events only; it is inside this widget's shadow root, so they stop here.
        event.stopPropagation();
        (outputs.current[prop as keyof Outputs] as ((d: unknown) => void) | undefined)?.(
          (event as CustomEvent).detail,
        );
      };
      element.addEventListener(name, listener);
      return () => element.removeEventListener(name, listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);
  if (typeof customElements === 'undefined' || !customElements.get(TAG)) {
    return <div role="alert">{ALLOCATION_ELEMENT_TEXT.missing}</div>;
  }
  const theme = host.element?.getAttribute('theme') ?? undefined;
  return createElement(TAG, {
    ref,
    'customer-key': String(props.customerKey),
    amount: props.amount === undefined ? undefined : String(props.amount),
    'transaction-id': String(props.transactionId),
    purpose: props.purpose,
    theme,
  });
}
