import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, domEventName } from './events.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the event bus', () => {
  it('calls handlers with the detail until they unsubscribe', () => {
    const bus = createEventBus();
    const seen: number[] = [];
    const off = bus.on('progress', ({ pending }) => seen.push(pending));
    bus.emit('progress', { pending: 1 });
    bus.emit('progress', { pending: 0 });
    off();
    bus.emit('progress', { pending: 5 });
    expect(seen).toEqual([1, 0]);
  });

  it('keeps two subscriptions of the same function apart', () => {
    const bus = createEventBus();
    const handler = vi.fn();
    const first = bus.on('ready', handler);
    bus.on('ready', handler);
    first();
    bus.emit('ready', {});
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('lets a handler unsubscribe while the event is delivered without skipping the next one', () => {
    const bus = createEventBus();
    const second = vi.fn();
    const off = bus.on('auth', () => off());
    bus.on('auth', second);
    bus.emit('auth', { signedIn: true });
    expect(second).toHaveBeenCalledWith({ signedIn: true });
  });

  it('keeps delivering when one handler throws, and reports it', () => {
    const bus = createEventBus();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    bus.on('banner', () => {
      throw new Error('host bug');
    });
    bus.on('banner', after);
    bus.emit('banner', { intent: 'info', message: 'Hi' });
    expect(after).toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Chairside: a "banner" event listener failed:', expect.any(Error));
  });

  it('works without a document (Node)', () => {
    expect(typeof document).toBe('undefined');
    expect(() => createEventBus().emit('ready', {})).not.toThrow();
  });

  it('mirrors every event on document as chairside:<name>, bubbling and composed', () => {
    const fakeDocument = new EventTarget();
    vi.stubGlobal('document', fakeDocument);
    const received: CustomEvent[] = [];
    fakeDocument.addEventListener(domEventName('realtime-state'), (event) =>
      received.push(event as CustomEvent),
    );
    createEventBus().emit('realtime-state', { state: 'connected' });
    expect(received).toHaveLength(1);
    expect(received[0]!.type).toBe('chairside:realtime-state');
    expect(received[0]!.detail).toEqual({ state: 'connected' });
    expect(received[0]!.bubbles).toBe(true);
    expect(received[0]!.composed).toBe(true);
  });
});
